package dev.loopx.ledger.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.json.RecordReader;
import dev.loopx.ledger.json.RecordWriter;
import java.time.Instant;

/**
 * Encodes event records into proposed envelopes and decodes stored envelopes back, upcasting
 * older payload versions one step at a time. Stateless apart from its catalog; thread-safe.
 */
public final class EventCodec {
    private final EventCatalog catalog;

    public EventCodec(EventCatalog catalog) {
        this.catalog = catalog;
    }

    public EventCatalog catalog() {
        return catalog;
    }

    public ProposedEvent propose(LoopxEvent event, Instant at, String goalId, Actor actor, String operationId) {
        EventType<?> type = catalog.typeOf(event);
        ObjectNode payload = RecordWriter.tree(event); // without the mapper when it can (ADR 0003)
        if (payload == null) {
            payload = Json.mapper().valueToTree(event);
        }
        return new ProposedEvent(type.name(), type.version(), at, goalId, actor, operationId, payload);
    }

    /** Decodes a stored event; unknown types, future versions and bad payloads are {@code ledger_corrupt}-class errors. */
    public Decoded decode(Recorded recorded) {
        EventType<?> type = catalog.byName(recorded.type())
                .orElseThrow(() -> new LedgerException(
                        "unknown_event_type",
                        "seq " + recorded.seq() + " has event type " + recorded.type()
                                + " which this LoopX version does not know; upgrade LoopX"));
        if (recorded.typeVersion() > type.version()) {
            throw new LedgerException(
                    "event_version_unsupported",
                    "seq " + recorded.seq() + " is "
                            + recorded.type() + " v" + recorded.typeVersion() + ", newer than this LoopX (v"
                            + type.version() + "); upgrade LoopX");
        }
        ObjectNode payload = upcast(recorded.type(), recorded.typeVersion(), type.version(), recorded.payload());
        try {
            LoopxEvent event = RecordReader.read(payload, type.recordClass());
            return new Decoded(
                    recorded, event != null ? event : Json.mapper().treeToValue(payload, type.recordClass()));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new LedgerException(
                    "ledger_corrupt",
                    "seq " + recorded.seq() + " has a payload that does not decode as " + recorded.type() + " v"
                            + type.version(),
                    e);
        }
    }

    ObjectNode upcast(String name, int from, int to, ObjectNode payload) {
        ObjectNode current = payload;
        for (int v = from; v < to; v++) {
            final int version = v;
            Upcaster step = catalog.upcasterFrom(name, v)
                    .orElseThrow(() -> new LedgerException(
                            "event_version_unsupported", "no upcaster for " + name + " v" + version));
            current = step.upcast(current);
        }
        return current;
    }
}
