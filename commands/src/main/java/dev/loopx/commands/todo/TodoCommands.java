package dev.loopx.commands.todo;

import dev.loopx.ledger.ActorKind;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoStatus;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The todo commands (SPEC §S4). Empty strings mean "not given"; values are validated by the parser. */
public final class TodoCommands {
    private TodoCommands() {}

    /** Every todo command; {@link TodoDecider#decide(TodoCommand, java.util.Optional)} handles each one. */
    public sealed interface TodoCommand
            permits AddTodo,
                    ClaimTodo,
                    ReclaimTodo,
                    UpdateTodo,
                    CompleteTodo,
                    SupersedeTodo,
                    DeclareEmpty,
                    Checkpoint,
                    ArchiveCompleted,
                    AcquireLease,
                    RenewLease,
                    TransferLease,
                    ReleaseLease {
        String goalId();
    }

    /**
     * Add a todo. {@code priority} {@link Priority#NONE}, {@code claimedBy}, {@code blocksAgent},
     * {@code resumeWhen} empty mean "not given". Which classes, claims and gate scopes a role may
     * have is checked by {@link TodoDecider#admissible}, not by the caller. {@code unblocksTodoId}
     * (empty: none) names a todo of the goal that is not done: completing this one unblocks it.
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
            List<String> excludedAgents,
            String resumeWhen,
            String unblocksTodoId,
            List<String> requiredCapabilities)
            implements TodoCommand {
        /** An add that unblocks no other todo and requires no capability. */
        public AddTodo(
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

        public AddTodo {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(taskClass, "taskClass");
            Objects.requireNonNull(priority, "priority");
            Objects.requireNonNull(claimedBy, "claimedBy");
            Objects.requireNonNull(blocksAgent, "blocksAgent");
            excludedAgents = List.copyOf(excludedAgents);
            Objects.requireNonNull(resumeWhen, "resumeWhen");
            Objects.requireNonNull(unblocksTodoId, "unblocksTodoId");
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
     * {@code todo reclaim}: the owner or a controller takes a claim back from the agent holding it
     * (never an agent on its own). {@code actorKind} is who asks; {@link
     * dev.loopx.ledger.ActorKind#SYSTEM} is LoopX's own automatic policy.
     */
    public record ReclaimTodo(String goalId, String todoId, String reason, ActorKind actorKind) implements TodoCommand {
        public ReclaimTodo {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(todoId, "todoId");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(actorKind, "actorKind");
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
            Optional<List<String>> requiredCapabilities)
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
