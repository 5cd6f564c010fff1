package dev.loopx.application.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoView;
import io.vavr.control.Either;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case {@code task-lease inspect}: the todo with its lease as the projections hold it (one
 * point read; never writes, never takes the write lock). Whether the lease is live is the caller's
 * question of {@code now} ({@link dev.loopx.projections.todo.TodoLease#state}).
 */
public final class InspectLease {
    private InspectLease() {}

    public record Request(String goalId, String todoId) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(todoId, "todoId");
        }
    }

    public static Either<Rejection, TodoView> run(Invocation invocation, Request r) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            Optional<GoalState> goal = GoalState.load(runtime.views(), r.goalId());
            if (goal.isEmpty()) {
                return Either.left(new Rejection.GoalNotFound(r.goalId()));
            }
            return goal.get()
                    .todo(r.todoId())
                    .<Either<Rejection, TodoView>>map(Either::right)
                    .orElseGet(() -> Either.left(new Rejection.TodoNotFound(r.todoId())));
        }
    }
}
