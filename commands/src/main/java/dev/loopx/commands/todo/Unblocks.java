package dev.loopx.commands.todo;

import dev.loopx.commands.Rejection;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.util.Optional;

/**
 * What {@code unblocks_todo_id} means (SPEC §S4): completing a todo that names one unblocks it.
 * The named todo must exist in the goal and not be done when it is named. When the completion
 * comes and the named todo is {@code blocked}, the same append sets it {@code open} (one
 * {@code todo.updated}), so it is runnable again once its {@code resume_when}, claim and
 * exclusions allow; a todo that is open, deferred or done by then is left as it is. A user
 * gate completed with {@code reject} or {@code cancel} unblocks nothing: the owner said no. Pure.
 */
final class Unblocks {
    private Unblocks() {}

    /** Why {@code unblocksTodoId} cannot be named on a new todo, if it cannot (empty id: nothing named). */
    static Optional<Rejection> targetRefused(GoalState s, String unblocksTodoId) {
        if (unblocksTodoId.isEmpty()) {
            return Optional.empty();
        }
        Optional<TodoView> target = s.todo(unblocksTodoId);
        if (target.isEmpty()) {
            return Optional.of(new Rejection.TodoNotFound(unblocksTodoId));
        }
        if (target.get().done()) {
            return Optional.of(new Rejection.TodoAlreadyCompleted(unblocksTodoId));
        }
        return Optional.empty();
    }

    /** The update that unblocks what {@code completed} names, when its completion does. */
    static Optional<TodoUpdated> onCompletion(GoalState s, TodoView completed, String decisionOutcome) {
        if (completed.unblocksTodoId().isEmpty()
                || decisionOutcome.equals("reject")
                || decisionOutcome.equals("cancel")) {
            return Optional.empty();
        }
        return s.todo(completed.unblocksTodoId())
                .filter(t -> t.is(TodoStatus.BLOCKED))
                .map(t -> new TodoUpdated(t.todoId(), t.text(), TodoStatus.OPEN.wire(), t.resumeWhen()));
    }
}
