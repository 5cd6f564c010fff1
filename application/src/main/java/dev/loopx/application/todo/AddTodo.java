package dev.loopx.application.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.Priority;
import dev.loopx.commands.todo.TaskClass;
import dev.loopx.commands.todo.TodoCommands;
import dev.loopx.commands.todo.TodoDecider;
import dev.loopx.commands.todo.TodoIds;
import dev.loopx.commands.todo.TodoRole;
import io.vavr.control.Either;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case "add a todo" (SPEC §S4): resolves the task class a role gets by default, refuses an
 * inadmissible todo before anything is opened ({@link TodoDecider#admissible}), then writes
 * through {@link GoalWrites}. The todo's id is derived from goal, role and text, so adding the
 * same text again changes nothing.
 */
public final class AddTodo {
    private AddTodo() {}

    /**
     * @param taskClass the class, or {@code null} for the role's default (agents: advancement_task;
     *     a user todo must say it)
     * @param text public-safe text (the adapter has applied the privacy guard)
     * @param claimedBy, blocksAgent, resumeWhen, unblocksTodoId empty when not given
     */
    public record Request(
            String goalId,
            TodoRole role,
            String text,
            TaskClass taskClass,
            Priority priority,
            String claimedBy,
            String blocksAgent,
            boolean globalGate,
            List<String> excludedAgents,
            String resumeWhen,
            String unblocksTodoId,
            List<String> requiredCapabilities) {
        /** A request that unblocks no other todo and requires no capability. */
        public Request(
                String goalId,
                TodoRole role,
                String text,
                TaskClass taskClass,
                Priority priority,
                String claimedBy,
                String blocksAgent,
                boolean globalGate,
                List<String> excludedAgents,
                String resumeWhen) {
            this(
                    goalId,
                    role,
                    text,
                    taskClass,
                    priority,
                    claimedBy,
                    blocksAgent,
                    globalGate,
                    excludedAgents,
                    resumeWhen,
                    "",
                    List.of());
        }

        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(priority, "priority");
            Objects.requireNonNull(claimedBy, "claimedBy");
            Objects.requireNonNull(blocksAgent, "blocksAgent");
            excludedAgents = excludedAgents.stream().sorted().distinct().toList();
            Objects.requireNonNull(resumeWhen, "resumeWhen");
            Objects.requireNonNull(unblocksTodoId, "unblocksTodoId");
            requiredCapabilities =
                    requiredCapabilities.stream().sorted().distinct().toList();
        }

        /** The id the todo has (or would have). */
        public String todoId() {
            return TodoIds.of(goalId, role.wire(), text);
        }
    }

    public static Either<Rejection, GoalWrites.Outcome> run(
            Invocation invocation, WriteOptions options, Request request) {
        return command(request).flatMap(add -> GoalWrites.run(invocation, options, new GoalWrite.Todo(add)));
    }

    /** The decider's command, or why the request is not a todo that can exist (nothing opened). */
    public static Either<Rejection, TodoCommands.AddTodo> command(Request r) {
        Optional<TaskClass> taskClass =
                r.taskClass() != null ? Optional.of(r.taskClass()) : TaskClass.defaultFor(r.role());
        if (taskClass.isEmpty()) {
            return Either.left(new Rejection.TaskClassRequired(
                    r.role().wire(),
                    TaskClass.allowedFor(r.role()).stream().map(TaskClass::wire).toList()));
        }
        TodoCommands.AddTodo add = new TodoCommands.AddTodo(
                r.goalId(),
                r.role(),
                r.text(),
                taskClass.get(),
                r.priority(),
                r.claimedBy(),
                r.blocksAgent(),
                r.globalGate(),
                r.excludedAgents(),
                r.resumeWhen(),
                r.unblocksTodoId(),
                r.requiredCapabilities());
        Optional<Rejection> inadmissible = TodoDecider.admissible(add);
        return inadmissible.isPresent() ? Either.left(inadmissible.get()) : Either.right(add);
    }
}
