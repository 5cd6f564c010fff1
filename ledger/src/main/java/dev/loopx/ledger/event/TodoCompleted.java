package dev.loopx.ledger.event;

import java.util.List;
import java.util.Objects;

/**
 * {@code todo.completed} v2: a todo is done (terminal). Its successors are {@code todo.added}
 * events of the same append, listed here by id. Version 2 added {@code validationCommand}
 * ({@link TodoCompletedV1ToV2}).
 *
 * @param decisionOutcome for a user gate: {@code approve|reject|cancel}; else empty
 * @param validationCommand the command that checked the work (public-safe text), or empty
 */
public record TodoCompleted(
        String todoId,
        String evidence,
        boolean noFollowup,
        String decisionOutcome,
        List<String> successorTodoIds,
        String validationCommand)
        implements LoopxEvent {
    public TodoCompleted {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(evidence, "evidence");
        Objects.requireNonNull(decisionOutcome, "decisionOutcome");
        successorTodoIds = List.copyOf(successorTodoIds);
        Objects.requireNonNull(validationCommand, "validationCommand");
    }

    /** A completion that names no validation command. */
    public TodoCompleted(
            String todoId, String evidence, boolean noFollowup, String decisionOutcome, List<String> successorTodoIds) {
        this(todoId, evidence, noFollowup, decisionOutcome, successorTodoIds, "");
    }
}
