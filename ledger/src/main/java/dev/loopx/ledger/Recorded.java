package dev.loopx.ledger;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * One event as the ledger keeps it: the envelope of SPEC §S2. Instances are what the ledger
 * stored, never upcast; {@link dev.loopx.ledger.event.EventCodec} upcasts on decode.
 *
 * @param recordedAt RFC 3339 UTC text exactly as stored (hashing needs the stored form)
 */
public record Recorded(
        long seq,
        String eventId,
        String type,
        int typeVersion,
        String recordedAt,
        String goalId,
        Actor actor,
        String operationId,
        ObjectNode payload,
        String prevHash,
        String hash) {
    public Recorded {
        if (seq < 1) {
            throw new IllegalArgumentException("seq starts at 1: " + seq);
        }
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(recordedAt, "recordedAt");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(operationId, "operationId");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(prevHash, "prevHash");
        Objects.requireNonNull(hash, "hash");
    }

    /** The payload is mutable Jackson state; callers get a copy so the record stays a fact. */
    @Override
    public ObjectNode payload() {
        return payload.deepCopy();
    }
}
