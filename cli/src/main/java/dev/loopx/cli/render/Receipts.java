package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/** A write receipt as words: {@code seq 8–9 (todo.completed, todo.added)}, or that nothing was appended. */
final class Receipts {
    private Receipts() {}

    static String line(JsonNode receipt) {
        if (receipt.isMissingNode() || receipt.isNull()) {
            return "";
        }
        long appended = receipt.path("appended").asLong();
        if (appended == 0) {
            return receipt.path("replayed").asBoolean()
                    ? "nothing new: the same request was recorded before"
                    : "nothing appended";
        }
        long from = receipt.path("seq_from").asLong();
        long to = receipt.path("seq_to").asLong();
        return (from == to ? "seq " + from : "seq " + from + "–" + to) + " (" + types(receipt.path("event_types")) + ")"
                + (receipt.path("replayed").asBoolean() ? ", replayed" : "");
    }

    /** {@code agent.registered ×2, todo.added}: repeated types counted. */
    private static String types(JsonNode types) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        types.forEach(t -> counts.merge(t.asText(), 1, Integer::sum));
        StringBuilder out = new StringBuilder();
        counts.forEach((type, n) -> {
            if (!out.isEmpty()) {
                out.append(", ");
            }
            out.append(type).append(n > 1 ? " ×" + n : "");
        });
        return out.toString();
    }
}
