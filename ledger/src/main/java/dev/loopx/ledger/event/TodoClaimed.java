package dev.loopx.ledger.event;

import java.util.Objects;

/** {@code todo.claimed} v1: an agent took a soft claim on a todo. */
public record TodoClaimed(String todoId, String agentId) implements LoopxEvent {
    public TodoClaimed {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(agentId, "agentId");
    }
}
