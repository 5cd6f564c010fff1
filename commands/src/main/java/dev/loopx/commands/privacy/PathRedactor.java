package dev.loopx.commands.privacy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Replaces absolute local paths in public text with {@code <local-path-redacted>} (SPEC §S14):
 * {@code file://} URLs, {@code ~/…}, Windows drive paths, and POSIX paths of two or more
 * segments ({@code /home/me/x}; a single segment such as the slash command {@code /loopx} is
 * not a path). Pure and thread-safe.
 */
public final class PathRedactor {
    public static final String REDACTED = "<local-path-redacted>";
    private static final Pattern PATH = Pattern.compile(
            "file://[^\\s\"'<>]*"
                    + "|(?<![\\w.~-])~/[^\\s\"'<>]*"
                    + "|(?<![\\w])[A-Za-z]:\\\\[^\\s\"'<>]*"
                    + "|(?<![\\w.:/-])/(?:[^/\\s\"'<>]+/)+[^\\s\"'<>]*");

    private PathRedactor() {}

    public static String redact(String text) {
        return text == null ? null : PATH.matcher(text).replaceAll(REDACTED);
    }

    public static boolean containsPath(String text) {
        return text != null && PATH.matcher(text).find();
    }

    /** A redacted deep copy of a JSON document: every string value (not key) is redacted. */
    public static JsonNode redact(JsonNode node) {
        JsonNode copy = node.deepCopy();
        redactInPlace(copy);
        return copy;
    }

    private static void redactInPlace(JsonNode node) {
        if (node instanceof ObjectNode object) {
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getValue().isTextual()) {
                    field.setValue(TextNode.valueOf(redact(field.getValue().textValue())));
                } else {
                    redactInPlace(field.getValue());
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                if (array.get(i).isTextual()) {
                    array.set(i, TextNode.valueOf(redact(array.get(i).textValue())));
                } else {
                    redactInPlace(array.get(i));
                }
            }
        }
    }
}
