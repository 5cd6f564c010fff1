package dev.loopx.cli.support;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.json.Json;
import java.util.List;

/** The write receipt every write command shows: what was appended (or would be). */
public final class Receipts {
    private Receipts() {}

    public static ObjectNode appended(List<Recorded> events) {
        ObjectNode receipt = Json.object();
        receipt.put("appended", events.size());
        receipt.put("replayed", false);
        if (!events.isEmpty()) {
            receipt.put("seq_from", events.get(0).seq());
            receipt.put("seq_to", events.get(events.size() - 1).seq());
        }
        ArrayNode ids = receipt.putArray("event_ids");
        events.forEach(e -> ids.add(e.eventId()));
        ArrayNode types = receipt.putArray("event_types");
        events.forEach(e -> types.add(e.type()));
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
