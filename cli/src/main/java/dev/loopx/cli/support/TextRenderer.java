package dev.loopx.cli.support;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.Map;

/**
 * Renders a CLI document for people: the same facts as the JSON, as an indented outline
 * (objects as "key: value" lines, arrays as "-" items).
 */
final class TextRenderer {
    private TextRenderer() {}

    static void render(JsonNode document, PrintWriter out) {
        write(document, out, 0);
    }

    private static void write(JsonNode node, PrintWriter out, int depth) {
        String indent = "  ".repeat(depth);
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                String label = f.getKey().replace('_', ' ');
                if (f.getValue().isContainerNode() && !f.getValue().isEmpty()) {
                    out.println(indent + label + ":");
                    write(f.getValue(), out, depth + 1);
                } else {
                    out.println(indent + label + ": " + scalar(f.getValue()));
                }
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                if (item.isContainerNode() && !item.isEmpty()) {
                    out.println(indent + "-");
                    write(item, out, depth + 1);
                } else {
                    out.println(indent + "- " + scalar(item));
                }
            }
        } else {
            out.println(indent + scalar(node));
        }
    }

    private static String scalar(JsonNode value) {
        if (value.isContainerNode()) {
            return value.isArray() ? "(none)" : "{}";
        }
        return value.isTextual() ? value.textValue() : value.toString();
    }
}
