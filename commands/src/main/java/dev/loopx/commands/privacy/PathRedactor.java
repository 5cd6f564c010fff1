package dev.loopx.commands.privacy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Replaces absolute local paths in public text with {@code <local-path-redacted>} (SPEC §S14). Read
 * surfaces use it; what counts as a path is defined once in {@link LocalPath} and shared with the
 * write-side validator {@link PublicText}. Slash commands ({@code /loopx}), URLs and relative paths
 * are left untouched. Pure and thread-safe.
 */
public final class PathRedactor {
    public static final String REDACTED = "<local-path-redacted>";

    private PathRedactor() {}

    public static String redact(String text) {
        if (text == null || !LocalPath.mayContainOne(text)) {
            return text;
        }
        return LocalPath.PATTERN.matcher(text).replaceAll(REDACTED);
    }

    public static boolean containsPath(String text) {
        return text != null && LocalPath.occursIn(text);
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
