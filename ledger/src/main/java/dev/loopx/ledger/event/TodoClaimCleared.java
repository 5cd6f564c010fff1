package dev.loopx.ledger.event;

import java.util.Objects;

/** {@code todo.claim_cleared} v1: a todo's claim was released. */
public record TodoClaimCleared(String todoId) implements LoopxEvent {
    public TodoClaimCleared {
        Objects.requireNonNull(todoId, "todoId");
    }
}
