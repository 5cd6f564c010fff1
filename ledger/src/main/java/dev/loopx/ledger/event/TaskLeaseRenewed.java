package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code task.lease_renewed} v1: the holder extended its live lease; it now expires
 * {@code ttlMinutes} after this event's {@code recorded_at}.
 */
public record TaskLeaseRenewed(String todoId, String agentId, int ttlMinutes) implements LoopxEvent {
    public TaskLeaseRenewed {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(agentId, "agentId");
    }
}
