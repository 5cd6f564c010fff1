package dev.loopx.ledger.event;

import java.util.List;
import java.util.Objects;

/**
 * {@code todo.completed} v1: a todo is done (terminal). Its successors are {@code todo.added}
 * events of the same append, listed here by id.
 *
 * @param decisionOutcome for a user gate: {@code approve|reject|cancel}; else empty
 */
public record TodoCompleted(
        String todoId, String evidence, boolean noFollowup, String decisionOutcome, List<String> successorTodoIds)
        implements LoopxEvent {
    public TodoCompleted {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(evidence, "evidence");
        Objects.requireNonNull(decisionOutcome, "decisionOutcome");
        successorTodoIds = List.copyOf(successorTodoIds);
    }
}
