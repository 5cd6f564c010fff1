package dev.loopx.commands.todo;

import dev.loopx.projections.todo.TodoStatus;
import java.time.Instant;
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
                    AcquireLease,
                    RenewLease,
                    TransferLease,
                    ReleaseLease {
        String goalId();
    }

    /**
     * Add a todo. {@code priority} {@link Priority#NONE}, {@code claimedBy}, {@code blocksAgent},
     * {@code resumeWhen} empty mean "not given". Which classes, claims and gate scopes a role may
     * have is checked by {@link TodoDecider#admissible}, not by the caller.
     * {@code requiredCapabilities} (sorted, distinct; empty: none) are recorded as
     * {@code todo.capabilities_required} in the same append as {@code todo.added}.
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
            java.util.List<String> requiredCapabilities)
            implements TodoCommand {
        /** An add without required capabilities. */
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
                    java.util.List.of());
        }

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
            requiredCapabilities =
                    requiredCapabilities.stream().sorted().distinct().toList();
        }
    }

    /**
     * A soft claim, decided at {@code now}: a todo whose claim came with a lease that has expired by
     * then is free, so another agent may claim it.
     */
    public record ClaimTodo(String goalId, String todoId, String agentId, Instant now) implements TodoCommand {
        /** A claim that takes over no lease: every recorded lease counts as live at the epoch. */
        public ClaimTodo(String goalId, String todoId, String agentId) {
            this(goalId, todoId, agentId, Instant.EPOCH);
        }

        public ClaimTodo {
            Objects.requireNonNull(now, "now");
        }
    }

    /**
     * @param text new text or empty to keep; @param status the new status, or empty to keep ({@code done} is refused)
     * @param resumeWhen a condition, {@code none} to clear, or empty to keep
     * @param requiredCapabilities the new required capabilities (an empty list clears them), or empty to keep
     */
    public record UpdateTodo(
            String goalId,
            String todoId,
            String agentId,
            String text,
            Optional<TodoStatus> status,
            String resumeWhen,
            boolean clearClaim,
            Optional<java.util.List<String>> requiredCapabilities)
            implements TodoCommand {
        /** An update that keeps the required capabilities. */
        public UpdateTodo(
                String goalId,
                String todoId,
                String agentId,
                String text,
                Optional<TodoStatus> status,
                String resumeWhen,
                boolean clearClaim) {
            this(goalId, todoId, agentId, text, status, resumeWhen, clearClaim, Optional.empty());
        }

        public UpdateTodo {
            requiredCapabilities =
                    requiredCapabilities.map(l -> l.stream().sorted().distinct().toList());
        }
    }

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

    /** {@code task-lease acquire}: upgrade the agent's claim (or take the free todo) to a lease of {@code ttlMinutes}. */
    public record AcquireLease(String goalId, String todoId, String agentId, int ttlMinutes, Instant now)
            implements TodoCommand {}

    /** {@code task-lease renew}: the holder extends its live lease to {@code now + ttlMinutes}. */
    public record RenewLease(String goalId, String todoId, String agentId, int ttlMinutes, Instant now)
            implements TodoCommand {}

    /** {@code task-lease transfer}: the holder hands its live lease (and the claim) to {@code toAgentId}. */
    public record TransferLease(
            String goalId, String todoId, String agentId, String toAgentId, int ttlMinutes, Instant now)
            implements TodoCommand {}

    /** {@code task-lease release}: the holder gives the lease up; the todo is free again. */
    public record ReleaseLease(String goalId, String todoId, String agentId, Instant now) implements TodoCommand {}
}
