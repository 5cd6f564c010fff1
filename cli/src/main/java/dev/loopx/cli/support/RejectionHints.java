package dev.loopx.cli.support;

import dev.loopx.commands.Rejection;

/**
 * The next command a person or host should run after a decider's refusal: CLI syntax, so it
 * lives here and not in the domain. Exhaustive by type: a new {@link Rejection} does not compile
 * until it has a hint.
 */
public final class RejectionHints {
    private RejectionHints() {}

    public static String of(Rejection rejection) {
        return switch (rejection) {
            case Rejection.GoalNotFound r -> "loopx connect --project <dir> --goal-id " + r.goalId();
            case Rejection.ConcurrentWriteConflict r -> "run the same command again";
            case Rejection.OperationIdConflict r -> "use a new --operation-id for a different intent";
            case Rejection.AgentIdentityAlreadyRegistered r ->
                "drop --require-new to keep existing registrations, or choose new ids";
            case Rejection.AgentNotRegistered r ->
                "loopx register-agent --goal-id " + r.goalId() + " --agent-id "
                        + (r.agentId().isEmpty() ? "<id>" : r.agentId()) + " --execute";
            case Rejection.AgentIdRequired r ->
                "repeat the command with --agent-id <one of: " + String.join(", ", r.registered()) + ">";
            case Rejection.TodoNotFound r -> "loopx todo list --goal-id <goal>";
            case Rejection.TaskClassRequired r -> "loopx todo add --help";
            case Rejection.TaskClassNotForRole r -> "loopx todo add --help";
            case Rejection.NotForThisTodo r -> "loopx todo add --help";
            case Rejection.ClaimedByOther r ->
                "pick another todo (loopx todo list) or ask " + r.claimedBy() + " to release it";
            case Rejection.AgentExcluded r -> "loopx todo list --goal-id <goal> --agent-id " + r.agentId();
            case Rejection.LeasedByOther r -> "loopx task-lease inspect --goal-id <goal> --todo-id " + r.todoId();
            case Rejection.LeaseNotHeld r -> "loopx task-lease inspect --goal-id <goal> --todo-id " + r.todoId();
            case Rejection.LeaseAlreadyHeld r ->
                "loopx task-lease renew --goal-id <goal> --todo-id " + r.todoId() + " --agent-id " + r.agentId()
                        + " --ttl-minutes <1-1440>";
            case Rejection.TodoNotOpen r ->
                "loopx todo update --goal-id <goal> --todo-id " + r.todoId() + " --status open";
            case Rejection.LeaseTtlOutOfRange r -> "give --ttl-minutes a value from 1 to 1440";
            case Rejection.TodoAlreadyCompleted r -> "add a new todo instead: loopx todo add";
            case Rejection.UseCompleteForDone r ->
                "loopx todo complete --goal-id <goal> --todo-id " + r.todoId() + " --evidence <what was delivered>";
            case Rejection.GateScopeRequired r -> "add --blocks-agent <agent> or --global-gate";
            case Rejection.ReplacementIsTheSameTodo r -> "give --next-agent-todo a different text";
            case Rejection.DecisionOutcomeRequired r -> "add --decision-outcome approve|reject|cancel";
            case Rejection.SectionNotEmpty r -> "loopx todo list --goal-id <goal>";
            case Rejection.NoAccountableWriteback r ->
                "loopx refresh-state --goal-id " + r.goalId()
                        + " --delivery-outcome outcome_progress --summary <what was delivered>";
            case Rejection.WritebackAlreadySpent r ->
                "write new evidence with loopx refresh-state before spending again";
            case Rejection.SchedulerHintMismatch r -> "run loopx quota should-run again and ack the hint it returns";
            case Rejection.SpendNotFound r -> "find the spend's seq in: loopx ledger replay --goal-id <goal>";
            case Rejection.NotAMonitor r -> "poll a monitor_task todo: loopx todo list --goal-id <goal> --status open";
            case Rejection.MonitorNotOpen r ->
                "loopx todo update --goal-id <goal> --todo-id " + r.todoId() + " --status open";
            case Rejection.AgentThreadBoundToOther r ->
                "to move it to " + r.agentId() + ": loopx bind-agent-thread --goal-id " + r.goalId() + " --thread-id "
                        + r.threadId() + " --host-surface " + r.hostSurface() + " --agent-id " + r.agentId()
                        + " --move --execute";
            case Rejection.AgentThreadNotBound r ->
                "loopx bind-agent-thread --goal-id " + r.goalId() + " --thread-id " + r.threadId() + " --host-surface "
                        + r.hostSurface() + " --agent-id "
                        + (r.registered().size() == 1 ? r.registered().get(0) : "<agent>") + " --execute";
        };
    }
}
