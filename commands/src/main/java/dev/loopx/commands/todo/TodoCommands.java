package dev.loopx.commands.todo;

import dev.loopx.projections.todo.TodoStatus;
import java.util.Objects;
import java.util.Optional;

/** The todo commands (SPEC §S4). Empty strings mean "not given"; values are validated by the parser. */
public final class TodoCommands {
    private TodoCommands() {}

    /** Every todo command; {@link TodoDecider#decide(TodoCommand, java.util.Optional)} handles each one. */
    public sealed interface TodoCommand
            permits AddTodo,
                    ClaimTodo,
                    UpdateTodo,
                    CompleteTodo,
                    SupersedeTodo,
                    DeclareEmpty,
                    Checkpoint,
                    ArchiveCompleted {
        String goalId();
    }

    /**
     * Add a todo. {@code priority} {@link Priority#NONE}, {@code claimedBy}, {@code blocksAgent},
     * {@code resumeWhen} empty mean "not given". Which classes, claims and gate scopes a role may
     * have is checked by {@link TodoDecider#admissible}, not by the caller. {@code unblocksTodoId}
     * (empty: none) names a todo of the goal that is not done: completing this one unblocks it.
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
            String resumeWhen,
            String unblocksTodoId)
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
            Objects.requireNonNull(unblocksTodoId, "unblocksTodoId");
        }

        /** A todo that unblocks no other. */
        public AddTodo(
                String goalId,
                TodoRole role,
                String text,
                TaskClass taskClass,
                Priority priority,
                String claimedBy,
                String blocksAgent,
                boolean globalGate,
                java.util.List<String> excludedAgents,
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
                    "");
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

    /** @param validationCommand the command that checked the work (public-safe), empty for none */
    public record CompleteTodo(
            String goalId,
            String todoId,
            String agentId,
            String evidence,
            boolean noFollowup,
            String nextAgentTodo,
            String nextUserTodo,
            String nextUserTaskClass,
            String decisionOutcome,
            String validationCommand)
            implements TodoCommand {
        public CompleteTodo {
            Objects.requireNonNull(validationCommand, "validationCommand");
        }

        /** A completion that names no validation command. */
        public CompleteTodo(
                String goalId,
                String todoId,
                String agentId,
                String evidence,
                boolean noFollowup,
                String nextAgentTodo,
                String nextUserTodo,
                String nextUserTaskClass,
                String decisionOutcome) {
            this(
                    goalId,
                    todoId,
                    agentId,
                    evidence,
                    noFollowup,
                    nextAgentTodo,
                    nextUserTodo,
                    nextUserTaskClass,
                    decisionOutcome,
                    "");
        }
    }

    public record SupersedeTodo(String goalId, String todoId, String agentId, String reason, String nextAgentTodo)
            implements TodoCommand {}

    public record DeclareEmpty(String goalId, String role) implements TodoCommand {}

    /** {@code todo checkpoint}: the lane replanned; {@code note} says what it decided. */
    public record Checkpoint(String goalId, String agentId, String note) implements TodoCommand {}

    /**
     * {@code todo archive-completed}: put the goal's finished todos (done or superseded) out of the
     * default reads, keeping the {@code keepLatest} most recently finished ones in them.
     */
    public record ArchiveCompleted(String goalId, String agentId, int keepLatest) implements TodoCommand {
        public ArchiveCompleted {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            if (keepLatest < 0) {
                throw new IllegalArgumentException("keepLatest < 0");
            }
        }
    }
}
