package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code task.lease_acquired} v1: an agent upgraded its claim on a todo to a hard lease
 * ({@code loopx task-lease acquire}). The lease expires {@code ttlMinutes} after the event's
 * {@code recorded_at}; while it lives nobody else may claim or lease the todo, and once it has
 * expired the todo is free for others. The agent also holds the todo's claim from then on.
 *
 * @param ttlMinutes 1–1440
 */
public record TaskLeaseAcquired(String todoId, String agentId, int ttlMinutes) implements LoopxEvent {
    public TaskLeaseAcquired {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(agentId, "agentId");
    }
}
