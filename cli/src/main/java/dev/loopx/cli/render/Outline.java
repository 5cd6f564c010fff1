package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.Map;

/**
 * Every fact of a CLI document as an indented outline (objects as {@code key: value} lines, arrays
 * as {@code -} items): what {@code --verbose} adds under a designed view.
 */
final class Outline {
    private Outline() {}

    static void render(JsonNode document, PrintWriter out, int depth) {
        write(document, out, depth);
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

    static String scalar(JsonNode value) {
        if (value.isContainerNode()) {
            return value.isArray() ? "(none)" : "{}";
        }
        if (value.isNull()) {
            return "-";
        }
        return value.isTextual() ? (value.textValue().isEmpty() ? "-" : value.textValue()) : value.toString();
    }
}
