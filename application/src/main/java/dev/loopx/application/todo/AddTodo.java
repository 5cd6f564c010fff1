package dev.loopx.application.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands;
import dev.loopx.commands.todo.TodoDecider;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import io.vavr.control.Either;
import java.util.Optional;

/**
 * Use case "add a todo" (SPEC §S4): the task class a role gets by default ({@link #taskClass}),
 * then the decider's own command: an inadmissible todo is refused before anything is opened
 * ({@link TodoDecider#admissible}), else it is written through {@link GoalWrites}. The todo's id is derived from goal, role and text, so adding the
 * same text again changes nothing.
 */
public final class AddTodo {
    private AddTodo() {}

    /**
     * The class a todo of {@code role} gets: the one given, else the role's default (agents:
     * advancement_task); a user todo must say which it is ({@code task_class_required}).
     */
    public static Either<Rejection, TaskClass> taskClass(TodoRole role, Optional<TaskClass> given) {
        if (given.isPresent()) {
            return Either.right(given.get());
        }
        return TaskClass.defaultFor(role)
                .<Either<Rejection, TaskClass>>map(Either::right)
                .orElseGet(() -> Either.left(new Rejection.TaskClassRequired(
                        role.wire(),
                        TaskClass.allowedFor(role).stream().map(TaskClass::wire).toList())));
    }

    /**
     * Adds {@code add} (its text public-safe: the adapter has applied the privacy guard): an
     * inadmissible todo is refused before anything is opened, else it is written through
     * {@link GoalWrites}.
     */
    public static Either<Rejection, GoalWrites.Outcome> run(
            Invocation invocation, WriteOptions options, TodoCommands.AddTodo add) {
        return admissible(add).flatMap(a -> GoalWrites.run(invocation, options, new GoalWrite.Todo(a)));
    }

    /** {@code add}, or why it is not a todo that can exist (nothing opened). */
    public static Either<Rejection, TodoCommands.AddTodo> admissible(TodoCommands.AddTodo add) {
        Optional<Rejection> inadmissible = TodoDecider.admissible(add);
        return inadmissible.isPresent() ? Either.left(inadmissible.get()) : Either.right(add);
    }
}
