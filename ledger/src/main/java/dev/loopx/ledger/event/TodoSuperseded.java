package dev.loopx.ledger.event;

import java.util.Objects;

/** {@code todo.superseded} v1: a todo was retired in favour of a replacement added in the same append. */
public record TodoSuperseded(String todoId, String reason, String replacementTodoId) implements LoopxEvent {
    public TodoSuperseded {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(replacementTodoId, "replacementTodoId");
    }
}
