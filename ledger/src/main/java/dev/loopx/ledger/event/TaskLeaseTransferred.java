package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code task.lease_transferred} v1: the holder handed its live lease (and the claim with it) to
 * another registered agent; the new holder's lease expires {@code ttlMinutes} after this event's
 * {@code recorded_at}.
 */
public record TaskLeaseTransferred(String todoId, String fromAgentId, String toAgentId, int ttlMinutes)
        implements LoopxEvent {
    public TaskLeaseTransferred {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(fromAgentId, "fromAgentId");
        Objects.requireNonNull(toAgentId, "toAgentId");
    }
}
