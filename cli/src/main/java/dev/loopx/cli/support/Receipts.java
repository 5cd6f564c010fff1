package dev.loopx.cli.support;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.json.Json;
import java.util.List;

/** The write receipt every write command shows: what was appended (or would be). */
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
}
