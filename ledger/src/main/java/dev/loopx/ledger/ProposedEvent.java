package dev.loopx.ledger;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Objects;

/**
 * An event a command decided on but the ledger has not numbered yet. The ledger assigns
 * {@code seq}, {@code event_id}, {@code prev_hash} and {@code hash} when it appends.
 *
 * @param goalId the stream; empty for runtime-wide events
 * @param operationId the caller's idempotency key; empty when none was given
 */
public record ProposedEvent(
        String type,
        int typeVersion,
        Instant recordedAt,
        String goalId,
        Actor actor,
        String operationId,
        ObjectNode payload) {
    public ProposedEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(recordedAt, "recordedAt");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(operationId, "operationId");
        Objects.requireNonNull(payload, "payload");
        if (typeVersion < 1) {
            throw new IllegalArgumentException("type_version starts at 1: " + typeVersion);
        }
        payload = payload.deepCopy();
    }
}
