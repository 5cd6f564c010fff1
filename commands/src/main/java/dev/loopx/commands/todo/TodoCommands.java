package dev.loopx.commands.todo;

import dev.loopx.projections.todo.TodoStatus;
import java.util.Objects;
import java.util.Optional;

/** The todo commands (SPEC §S4). Empty strings mean "not given"; values are validated by the parser. */
public final class TodoCommands {
    private TodoCommands() {}

    /** Every todo command; {@link TodoDecider#decide(TodoCommand, java.util.Optional)} handles each one. */
    public sealed interface TodoCommand
            permits AddTodo, ClaimTodo, UpdateTodo, CompleteTodo, SupersedeTodo, DeclareEmpty, Checkpoint {
        String goalId();
    }

    /**
     * Add a todo. {@code priority} {@link Priority#NONE}, {@code claimedBy}, {@code blocksAgent},
     * {@code resumeWhen} empty mean "not given". Which classes, claims and gate scopes a role may
     * have is checked by {@link TodoDecider#admissible}, not by the caller.
     */
    public record AddTodo(
            String goalId,
            TodoRole role,
            String text,
            TaskClass taskClass,
            Priority priority,
            String claimedBy,
            String blocksAgent,
            boolean globalGate,
            java.util.List<String> excludedAgents,
            String resumeWhen)
            implements TodoCommand {
        public AddTodo {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(taskClass, "taskClass");
            Objects.requireNonNull(priority, "priority");
            Objects.requireNonNull(claimedBy, "claimedBy");
            Objects.requireNonNull(blocksAgent, "blocksAgent");
            excludedAgents = java.util.List.copyOf(excludedAgents);
            Objects.requireNonNull(resumeWhen, "resumeWhen");
        }
    }

    public record ClaimTodo(String goalId, String todoId, String agentId) implements TodoCommand {}

    /**
     * @param text new text or empty to keep; @param status the new status, or empty to keep ({@code done} is refused)
     * @param resumeWhen a condition, {@code none} to clear, or empty to keep
     */
    public record UpdateTodo(
            String goalId,
            String todoId,
            String agentId,
            String text,
            Optional<TodoStatus> status,
            String resumeWhen,
            boolean clearClaim)
            implements TodoCommand {}

    public record CompleteTodo(
            String goalId,
            String todoId,
            String agentId,
            String evidence,
            boolean noFollowup,
            String nextAgentTodo,
            String nextUserTodo,
            String nextUserTaskClass,
            String decisionOutcome)
            implements TodoCommand {}

    public record SupersedeTodo(String goalId, String todoId, String agentId, String reason, String nextAgentTodo)
            implements TodoCommand {}

    public record DeclareEmpty(String goalId, String role) implements TodoCommand {}

    /** {@code todo checkpoint}: the lane replanned; {@code note} says what it decided. */
    public record Checkpoint(String goalId, String agentId, String note) implements TodoCommand {}
}
