package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code task.lease_released} v1: the holder gave its lease up before it expired; the todo is free
 * again (the lease's claim goes with it).
 */
public record TaskLeaseReleased(String todoId, String agentId) implements LoopxEvent {
    public TaskLeaseReleased {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(agentId, "agentId");
    }
}
