package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The text form of a document no designed view knows: the answer first ({@code ledger export:
 * done}, {@code configure-goal: preview, nothing written}), then its plain facts one per line,
 * {@code before}/{@code after} pairs as changes, lists as counts with their first items, the
 * receipt as one line and the next step as a command to paste. Every fact is in {@code --verbose}.
 */
final class CompactText {
    private static final Set<String> SKIPPED =
            Set.of("schema_version", "ok", "receipt", "next_step", "preview", "before", "after");
    private static final int ITEMS = 5;

    private CompactText() {}

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
                            + String.join(", ", Words.texts(preview.path("event_types"))) + ")");
        }
        lines.add("recorded", Receipts.line(d.path("receipt")));
        lines.add("next", Words.pasteable(d.path("next_step").asText()));
        lines.print();
    }

    private static String command(JsonNode d) {
        return command(d.path("schema_version").asText());
    }

    /** The command a schema answers, in words: {@code loopx_debug_append_load_v0} → {@code debug append load}. */
    static String command(String schemaVersion) {
        return schemaVersion
                .replaceFirst("^loopx_", "")
                .replaceFirst("_v[0-9]+$", "")
                .replace('_', ' ');
    }

    /**
     * A refusal as {@link #render} prints it, from its fields: what went wrong and the hint to run
     * ({@code codex app install plan refused: … [agent_not_registered]}).
     */
    static void refusal(String schemaVersion, String message, String errorCode, String hint, PrintWriter out) {
        out.println(command(schemaVersion) + " refused: " + message + " [" + errorCode + "]");
        new Lines(out).add("hint", Words.pasteable(hint)).print();
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

    /**
     * The first line this form gives an answer with no preview, {@code changed}, error code nor
     * message: {@code debug append load: done}, or {@code debug append load: refused}.
     */
    static String answer(String schemaVersion, boolean ok) {
        return command(schemaVersion) + (ok ? ": done" : ": refused");
    }

    /** A text value as this form shows it: {@code -} when empty. */
    static String scalar(String text) {
        return text.isEmpty() ? "-" : text;
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

    /** A list's lines as this form shows them: the first few, then how many more; {@code (none)} when empty. */
    static List<String> items(List<String> items) {
        List<String> lines = new ArrayList<>();
        if (items.isEmpty()) {
            lines.add("(none)");
            return lines;
        }
        lines.addAll(items.subList(0, Math.min(ITEMS, items.size())));
        if (items.size() > ITEMS) {
            lines.add("… " + (items.size() - ITEMS) + " more (--verbose)");
        }
        return lines;
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
        return oneLine(parts);
    }

    /** An object's {@code label: value} parts on one line, cut at 160 characters. */
    static String oneLine(List<String> parts) {
        String line = String.join(" · ", parts);
        return line.length() > 160 ? line.substring(0, 157) + "…" : line;
    }
}
