package dev.loopx.cli.support;

import dev.loopx.commands.Rejection;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Remedy;
import dev.loopx.projections.next.Verb;
import java.util.List;

/**
 * What a person or host should do after a decider's refusal, as a {@link Remedy}: words, and the
 * commands as {@link NextStep}s. A value the refusal does not carry (the goal a todo belongs to) is
 * an input the command's own options fill ({@link Hints#fill}); what only the person can give (the
 * evidence) stays an input, named apart from the command. Exhaustive by type: a new
 * {@link Rejection} does not compile until it has a hint.
 */
public final class RejectionHints {
    private static final String GOAL = "the goal";

    private RejectionHints() {}

    public static Remedy of(Rejection rejection) {
        return switch (rejection) {
            case Rejection.GoalNotFound r ->
                Remedy.step(NextStep.of(Verb.CONNECT).with(Flag.PROJECT, ".").with(Flag.GOAL_ID, r.goalId()));
            case Rejection.ConcurrentWriteConflict r -> Remedy.words("run the same command again");
            case Rejection.OperationIdConflict r -> Remedy.words("use a new --operation-id for a different intent");
            case Rejection.AgentIdentityAlreadyRegistered r ->
                Remedy.words("drop --require-new to keep existing registrations, or choose new ids");
            case Rejection.AgentNotRegistered r
            when !r.agentId().isEmpty()
                    && !DidYouMean.closest(r.agentId(), r.registered()).isEmpty() ->
                // a typo of a registered id: never suggest registering the typo
                Remedy.words("did you mean "
                        + String.join(" or ", DidYouMean.closest(r.agentId(), r.registered()))
                        + "? repeat the command with that --agent-id");
            case Rejection.AgentNotRegistered r -> {
                NextStep register = NextStep.of(Verb.REGISTER_AGENT).with(Flag.GOAL_ID, r.goalId());
                register = r.agentId().isEmpty()
                        ? register.needs(Flag.AGENT_ID, "the agent's id")
                        : register.with(Flag.AGENT_ID, r.agentId());
                yield Remedy.step(register.with(Flag.EXECUTE));
            }
            case Rejection.AgentIdRequired r ->
                Remedy.words("repeat the command with --agent-id set to one of: " + String.join(", ", r.registered()));
            case Rejection.TodoNotFound r -> Remedy.step(todos());
            case Rejection.TaskClassRequired r -> Remedy.words("loopx todo add --help");
            case Rejection.TaskClassNotForRole r -> Remedy.words("loopx todo add --help");
            case Rejection.NotForThisTodo r -> Remedy.words("loopx todo add --help");
            case Rejection.ClaimedByOther r ->
                Remedy.of("pick another todo, or ask " + r.claimedBy() + " to release it", todos());
            case Rejection.ClaimEpochMismatch r ->
                Remedy.of(
                        "your claim was taken back (" + r.reason() + "); pick another todo, or claim this one again",
                        NextStep.of(Verb.QUOTA_SHOULD_RUN)
                                .needs(Flag.GOAL_ID, GOAL)
                                .with(Flag.AGENT_ID, r.agentId()));
            case Rejection.TodoNotClaimed r -> Remedy.step(todos());
            case Rejection.ReclaimNotAllowed r ->
                Remedy.words("an owner or a controller takes a claim back: --actor-kind owner|controller");
            case Rejection.ClearClaimOfOther r ->
                Remedy.of(
                        "only the owner or a controller takes another agent's claim back",
                        onTodo(Verb.TODO_RECLAIM, r.todoId())
                                .with(Flag.ACTOR_KIND, "owner")
                                .needs(Flag.REASON, "why the claim of " + r.claimedBy() + " is taken back"));
            case Rejection.AgentExcluded r -> Remedy.step(todos().with(Flag.AGENT_ID, r.agentId()));
            case Rejection.LeasedByOther r -> Remedy.step(onTodo(Verb.TASK_LEASE_INSPECT, r.todoId()));
            case Rejection.LeaseNotHeld r -> Remedy.step(onTodo(Verb.TASK_LEASE_INSPECT, r.todoId()));
            case Rejection.LeaseAlreadyHeld r ->
                Remedy.step(onTodo(Verb.TASK_LEASE_RENEW, r.todoId())
                        .with(Flag.AGENT_ID, r.agentId())
                        .needs(Flag.TTL_MINUTES, "how long the lease lasts, 1 to 1440 minutes"));
            case Rejection.TodoNotOpen r -> Remedy.step(reopen(r.todoId()));
            case Rejection.LeaseTtlOutOfRange r -> Remedy.words("give --ttl-minutes a value from 1 to 1440");
            case Rejection.SameOutcomeLimitsOutOfOrder r ->
                Remedy.words("give --same-outcome-gate-after a value above --same-outcome-replan-after (at most 50)");
            case Rejection.TodoAlreadyCompleted r ->
                Remedy.of(
                        "add a new todo instead",
                        NextStep.of(Verb.TODO_ADD)
                                .needs(Flag.GOAL_ID, GOAL)
                                .needsOneOf(Flag.ROLE, "whose todo it is", List.of("agent", "user"))
                                .needs(Flag.TEXT, "what the new todo is"));
            case Rejection.UseCompleteForDone r ->
                Remedy.step(onTodo(Verb.TODO_COMPLETE, r.todoId()).needs(Flag.EVIDENCE, "what was delivered"));
            case Rejection.GateScopeRequired r ->
                Remedy.words("add --blocks-agent with the agent it blocks, or --global-gate");
            case Rejection.ReplacementIsTheSameTodo r -> Remedy.words("give --next-agent-todo a different text");
            case Rejection.DecisionOutcomeRequired r ->
                Remedy.words("add --decision-outcome with approve, reject or cancel");
            case Rejection.SectionNotEmpty r -> Remedy.step(todos());
            case Rejection.NoAccountableWriteback r ->
                Remedy.step(NextStep.of(Verb.REFRESH_STATE)
                        .with(Flag.GOAL_ID, r.goalId())
                        .with(Flag.DELIVERY_OUTCOME, "outcome_progress")
                        .needs(Flag.SUMMARY, "what was delivered"));
            case Rejection.WritebackAlreadySpent r ->
                Remedy.words("write new evidence with loopx refresh-state before spending again");
            case Rejection.SchedulerHintMismatch r ->
                Remedy.words("run loopx quota should-run again and ack the hint it returns");
            case Rejection.SpendNotFound r ->
                Remedy.of(
                        "find the spend's seq in",
                        NextStep.of(Verb.LEDGER_REPLAY).needs(Flag.GOAL_ID, GOAL));
            case Rejection.NotAMonitor r -> Remedy.of("poll a monitor_task todo", todos().with(Flag.STATUS, "open"));
            case Rejection.MonitorNotOpen r -> Remedy.step(reopen(r.todoId()));
            case Rejection.AgentThreadBoundToOther r ->
                Remedy.of(
                        "to move it to " + r.agentId(),
                        bind(r.goalId(), r.threadId(), r.hostSurface())
                                .with(Flag.AGENT_ID, r.agentId())
                                .with(Flag.MOVE)
                                .with(Flag.EXECUTE));
            case Rejection.AgentThreadNotBound r -> {
                NextStep bind = bind(r.goalId(), r.threadId(), r.hostSurface());
                bind = r.registered().size() == 1
                        ? bind.with(Flag.AGENT_ID, r.registered().get(0))
                        : bind.needsOneOf(Flag.AGENT_ID, "the agent the thread belongs to", r.registered());
                yield Remedy.step(bind.with(Flag.EXECUTE));
            }
        };
    }

    /** {@code todo list} of the goal the refused command named. */
    private static NextStep todos() {
        return NextStep.of(Verb.TODO_LIST).needs(Flag.GOAL_ID, GOAL);
    }

    private static NextStep onTodo(Verb verb, String todoId) {
        return NextStep.of(verb).needs(Flag.GOAL_ID, GOAL).with(Flag.TODO_ID, todoId);
    }

    private static NextStep reopen(String todoId) {
        return onTodo(Verb.TODO_UPDATE, todoId).with(Flag.STATUS, "open");
    }

    private static NextStep bind(String goalId, String threadId, String hostSurface) {
        return NextStep.of(Verb.BIND_AGENT_THREAD)
                .with(Flag.GOAL_ID, goalId)
                .with(Flag.THREAD_ID, threadId)
                .with(Flag.HOST_SURFACE, hostSurface);
    }
}
