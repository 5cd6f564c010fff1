package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The write receipt every write command shows: what was appended (or would be) as JSON, and as
 * words ({@code seq 8–9 (todo.completed, todo.added)}, or that nothing was appended).
 */
public final class Receipts {
    private Receipts() {}

    public static ObjectNode appended(Receipt r) {
        ObjectNode receipt = Json.object();
        receipt.put("appended", r.replayed() ? 0 : r.seqs().size());
        receipt.put("replayed", r.replayed());
        if (!r.seqs().isEmpty()) {
            receipt.put("seq_from", r.seqs().get(0));
            receipt.put("seq_to", r.lastSeq());
        }
        ArrayNode ids = receipt.putArray("event_ids");
        r.eventIds().forEach(ids::add);
        ArrayNode types = receipt.putArray("event_types");
        r.eventTypes().forEach(types::add);
        return receipt;
    }

    public static ObjectNode wouldAppend(List<ProposedEvent> events) {
        ObjectNode preview = Json.object();
        preview.put("would_append", events.size());
        ArrayNode types = preview.putArray("event_types");
        events.forEach(e -> types.add(e.type()));
        ArrayNode payloads = preview.putArray("payloads");
        events.forEach(e -> payloads.add(e.payload()));
        return preview;
    }

    /** The receipt as words. */
    static String line(Receipt r) {
        if (r.replayed() || r.seqs().isEmpty()) {
            return r.replayed() ? "nothing new: the same request was recorded before" : "nothing appended";
        }
        long from = r.seqs().get(0);
        long to = r.lastSeq();
        return (from == to ? "seq " + from : "seq " + from + "–" + to) + " (" + types(r.eventTypes()) + ")";
    }

    /** {@code agent.registered ×2, todo.added}: repeated types counted. */
    private static String types(List<String> types) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        types.forEach(t -> counts.merge(t, 1, Integer::sum));
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
