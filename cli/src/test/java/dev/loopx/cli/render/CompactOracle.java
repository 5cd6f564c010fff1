package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.privacy.PathRedactor;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The generic compact view as it read a document's JSON before the answers had records of their
 * own (issue 34): kept in the tests only, so the records that took over its output (the debug
 * answers, the heartbeat and prompt-upgrade refusals) are shown to print exactly what it printed.
 */
final class CompactOracle {
    private static final Set<String> SKIPPED =
            Set.of("schema_version", "ok", "receipt", "next_step", "preview", "before", "after");
    private static final int ITEMS = 5;

    private CompactOracle() {}

    /** What the compact view printed for this document, path-redacted as the CLI printed it. */
    static String text(ObjectNode document) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        render(PathRedactor.redact(document), out);
        out.flush();
        return PathRedactor.redact(text.toString());
    }

    static void render(JsonNode d, PrintWriter out) {
        if (!d.path("ok").asBoolean() && d.path("message").isTextual()) {
            // a refusal: what went wrong and what to run, nothing else (every field is in --verbose)
            out.println(command(d) + " refused: " + d.path("message").asText()
                    + (d.path("error_code").isTextual()
                            ? " [" + d.path("error_code").asText() + "]"
                            : ""));
            new Lines(out).add("hint", Words.pasteable(d.path("hint").asText())).print();
            return;
        }
        out.println(answer(d));
        Lines lines = new Lines(out);
        Iterator<Map.Entry<String, JsonNode>> fields = d.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            if (SKIPPED.contains(f.getKey())
                    || f.getKey().endsWith("_hash")
                    || f.getKey().equals("event_ids")) {
                continue;
            }
            JsonNode v = f.getValue();
            String label = f.getKey().replace('_', ' ');
            if (v.isObject()) {
                lines.add(label, oneLine(v));
            } else if (v.isArray()) {
                lines.add(label, items(v));
            } else {
                lines.add(label, Outline.scalar(v));
            }
        }
        lines.add("change", changes(d.path("before"), d.path("after")));
        JsonNode preview = d.path("preview");
        if (preview.isObject()) {
            lines.add(
                    "would add",
                    Words.count(preview.path("would_append").asLong(), "event") + " ("
                            + String.join(", ", texts(preview.path("event_types"))) + ")");
        }
        lines.add("recorded", receipt(d.path("receipt")));
        lines.add("next", Words.pasteable(d.path("next_step").asText()));
        lines.print();
    }

    private static String command(JsonNode d) {
        return command(d.path("schema_version").asText());
    }

    private static String answer(JsonNode d) {
        String command = command(d);
        boolean preview = d.has("preview") || d.path("dry_run").asBoolean();
        if (!d.path("ok").asBoolean()) {
            return command + ": refused"
                    + (d.path("error_code").isTextual()
                            ? " (" + d.path("error_code").asText() + ")"
                            : "")
                    + (d.path("message").isTextual() ? ": " + d.path("message").asText() : "");
        }
        if (preview) {
            return command + ": preview, nothing written";
        }
        return command + ": " + (d.path("changed").asBoolean(true) ? "done" : "already so, nothing new recorded");
    }
    /** {@code compute 1 → 2 · allowed slots 1440 → 2880}: only the fields that differ. */
    static String changes(JsonNode before, JsonNode after) {
        if (!before.isObject() || !after.isObject()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        after.fields().forEachRemaining(f -> {
            JsonNode old = before.path(f.getKey());
            if (!old.equals(f.getValue()) && f.getValue().isValueNode()) {
                parts.add(f.getKey().replace('_', ' ') + " " + Outline.scalar(old) + " → "
                        + Outline.scalar(f.getValue()));
            }
        });
        return parts.isEmpty() ? "none" : String.join(" · ", parts);
    }

    private static List<String> items(JsonNode array) {
        List<String> lines = new ArrayList<>();
        if (array.isEmpty()) {
            lines.add("(none)");
            return lines;
        }
        int n = 0;
        for (JsonNode item : array) {
            if (n++ == ITEMS) {
                lines.add("… " + (array.size() - ITEMS) + " more (--verbose)");
                break;
            }
            lines.add(item.isObject() ? oneLine(item) : Words.pasteable(Outline.scalar(item)));
        }
        return lines;
    }
    /** An object's plain fields on one line ({@code a: 1 · b: x}), nested ones counted. */
    private static String oneLine(JsonNode object) {
        List<String> parts = new ArrayList<>();
        object.fields().forEachRemaining(f -> {
            if (f.getKey().equals("schema_version")) {
                return;
            }
            JsonNode v = f.getValue();
            String label = f.getKey().replace('_', ' ');
            if (v.isValueNode()) {
                parts.add(label + ": " + Outline.scalar(v));
            } else if (v.isArray()) {
                parts.add(label + ": " + v.size());
            }
        });
        return CompactText.oneLine(parts);
    }

    private static String command(String schemaVersion) {
        return CompactText.command(schemaVersion);
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }

    /** A receipt document as words, as {@link Receipts#line} says it of the receipt itself. */
    private static String receipt(JsonNode receipt) {
        if (receipt.isMissingNode() || receipt.isNull()) {
            return "";
        }
        if (receipt.path("appended").asLong() == 0) {
            return receipt.path("replayed").asBoolean()
                    ? "nothing new: the same request was recorded before"
                    : "nothing appended";
        }
        long from = receipt.path("seq_from").asLong();
        long to = receipt.path("seq_to").asLong();
        Map<String, Integer> counts = new LinkedHashMap<>();
        texts(receipt.path("event_types")).forEach(t -> counts.merge(t, 1, Integer::sum));
        List<String> types = new ArrayList<>();
        counts.forEach((type, n) -> types.add(type + (n > 1 ? " ×" + n : "")));
        return (from == to ? "seq " + from : "seq " + from + "–" + to) + " (" + String.join(", ", types) + ")";
    }
}
