package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.ShouldRun.Request;
import dev.loopx.projections.query.ShouldRun.Verdict;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.todo.TodoView;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The heartbeat decision of {@link ShouldRun#decide} as one ordered list (SPEC §S7, the table of
 * docs/should-run.md): the constants in declaration order are the rules in the order they are
 * tried, and the first that answers decides. Each rule is named after the {@link EffectiveAction}
 * it yields ({@link #action()}), answers with a verdict when it fires and with nothing when it lets
 * the next rule speak. The last rule, {@link #QUOTA_SKIP}, always answers, so the list is total.
 *
 * <p>The rules live in {@link ShouldRunGuardRules} (nothing may run whatever the todos say),
 * {@link ShouldRunWorkRules} (the plan and the runnable work) and {@link ShouldRunWaitRules} (no
 * runnable work). Every rule is pure: a function of the {@link Ask} only.
 */
enum ShouldRunRule {
    /**
     * The ledger is known to be damaged (ADR 0011). First of all, before even the host's profile:
     * every write would be refused until the owner repairs, so no lane may start a turn, and the
     * owner is told.
     */
    LEDGER_DAMAGED(EffectiveAction.LEDGER_DAMAGED, ShouldRunGuardRules::ledgerDamaged),
    /**
     * The host gave no runtime profile. First of the lane's own rules: an unknown host cannot be told to run, and a
     * cadence for an unknown scheduler would be a guess, so LoopX fails closed even for a stopped
     * or terminal goal.
     */
    REPAIR_SCHEDULER_EXECUTION_CONTEXT(
            EffectiveAction.REPAIR_SCHEDULER_EXECUTION_CONTEXT, ShouldRunGuardRules::repairSchedulerExecutionContext),
    /**
     * The goal is stopped. Before every quota and todo rule: an explicit stop is the owner's word and
     * holds until an explicit resume, whatever the quota or the work say.
     */
    GOAL_STOPPED(EffectiveAction.GOAL_STOPPED, ShouldRunGuardRules::goalStopped),
    /**
     * The quota's compute is 0 (a hard pause). After the stop, which outranks it; before the
     * terminal check, so a paused goal stays paused until its owner configures a quota.
     */
    QUOTA_PAUSED(EffectiveAction.QUOTA_PAUSED, ShouldRunGuardRules::quotaPaused),
    /**
     * The goal is terminal (derived in {@link Frontier}: closed with a no-follow-up completion).
     * Before the lane's identity: a closed goal stops every automation, registered or not.
     */
    TERMINAL_NO_FOLLOWUP(EffectiveAction.TERMINAL_NO_FOLLOWUP, ShouldRunGuardRules::terminalNoFollowup),
    /**
     * The goal has registered agents and the heartbeat names none of them. Before any lane-scoped
     * rule: gates, claims and work are per lane, so without a registered lane nothing below can be
     * answered.
     */
    AUTOMATION_PROMPT_UPGRADE_REQUIRED(
            EffectiveAction.AUTOMATION_PROMPT_UPGRADE_REQUIRED, ShouldRunGuardRules::automationPromptUpgradeRequired),
    /**
     * An open user gate blocks this lane (global, scoped to it, or unscoped). Before the throttle:
     * the owner is told about the gate even when the quota window is spent, and a waiting lane does
     * nothing else, so it cannot drift past a question it asked.
     */
    OPERATOR_GATE_NOTIFY(EffectiveAction.OPERATOR_GATE_NOTIFY, ShouldRunGuardRules::operatorGateNotify),
    /**
     * The quota window is spent, or the lane's host woke it for a new turn sooner than half the
     * interval it applied (a wake storm, issue 36). After the rules that stop or notify, before every
     * rule that runs a turn: no turn runs without a slot, and an extra turn does no work.
     */
    THROTTLED_SKIP(EffectiveAction.THROTTLED_SKIP, ShouldRunGuardRules::throttledSkip),
    /**
     * A deferred todo's condition came true. First of the running rules: the plan must be
     * revisited before more work is done against it.
     */
    SUCCESSOR_REPLAN_REQUIRED(EffectiveAction.SUCCESSOR_REPLAN_REQUIRED, ShouldRunWorkRules::successorReplanRequired),
    /**
     * A replan obligation holds ({@link ReplanObligation}). Before the first plan and the work: the
     * lane must revisit the plan before it keeps delivering or goes quiet.
     */
    AUTONOMOUS_REPLAN_REQUIRED(
            EffectiveAction.AUTONOMOUS_REPLAN_REQUIRED, ShouldRunWorkRules::autonomousReplanRequired),
    /**
     * The goal has agents and its agent section never had a todo nor was declared empty. Before the
     * monitors and the work: a goal without a plan has nothing else to do but plan.
     */
    INITIAL_PLAN_REQUIRED(EffectiveAction.INITIAL_PLAN_REQUIRED, ShouldRunWorkRules::initialPlanRequired),
    /**
     * A monitor's last poll saw a material change and no agent advancement todo was added since.
     * Before the runnable work: the change may reorder that work.
     */
    MONITOR_MATERIAL_CHANGE(EffectiveAction.MONITOR_MATERIAL_CHANGE, ShouldRunWorkRules::monitorMaterialChange),
    /**
     * Runnable advancement work for this lane (the first candidate: its own claim first, else
     * priority then creation order, {@link TodoRules#laneWork}). Before the monitors: advancement work is what the goal is for; watching comes second.
     */
    NORMAL_RUN(EffectiveAction.NORMAL_RUN, ShouldRunWorkRules::normalRun),
    /** No runnable work and a monitor is due. First of the waits: a due poll is work the lane can do now. */
    MONITOR_DUE(EffectiveAction.MONITOR_DUE, ShouldRunWaitRules::monitorDue),
    /**
     * No runnable work, no monitor due, and a monitor's watch expired. Before the capability wait
     * and the quiet skip: instead of going quiet the lane is asked to close the watch it can close.
     */
    MONITOR_EXPIRED(EffectiveAction.MONITOR_EXPIRED, ShouldRunWaitRules::monitorExpired),
    /**
     * Advancement work this lane could run but for a capability it did not declare. After every rule
     * the lane can act on by itself, before the quiet skips: it waits on the owner, and says so.
     */
    CAPABILITY_BLOCKED(EffectiveAction.CAPABILITY_BLOCKED, ShouldRunWaitRules::capabilityBlocked),
    /**
     * Open monitors remain and none is due or expired. Before the peer wait: the lane still has its
     * own watches, so it waits on their cadence, not on its peers.
     */
    MONITOR_QUIET_SKIP(EffectiveAction.MONITOR_QUIET_SKIP, ShouldRunWaitRules::monitorQuietSkip),
    /**
     * The remaining work is claimed by other agents (or under their live lease). Last but one: the
     * lane has nothing of its own and waits for a peer.
     */
    PEER_COORDINATION_BLOCKED(EffectiveAction.PEER_COORDINATION_BLOCKED, ShouldRunWaitRules::peerCoordinationBlocked),
    /**
     * Nothing to do; always answers, so it must stay last. Names the {@code declare-empty} commands
     * when only a missing section keeps the goal from being terminal.
     */
    QUOTA_SKIP(EffectiveAction.QUOTA_SKIP, ShouldRunWaitRules::quotaSkip);

    /**
     * What every rule reads: the request's state, request, frontier and quota, and the lane's
     * runnable candidates (runnable advancement work, its own claims first: {@link TodoRules#laneWork}), computed once,
     * before any rule, as the decision always did.
     */
    record Ask(GoalState state, Request request, Frontier frontier, QuotaStatus quota, List<TodoView> candidates) {
        Ask {
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(request, "request");
            Objects.requireNonNull(frontier, "frontier");
            Objects.requireNonNull(quota, "quota");
            candidates = List.copyOf(candidates);
        }

        static Ask of(GoalState s, Request r, Frontier f, QuotaStatus q) {
            return new Ask(s, r, f, q, TodoRules.laneWork(s, r.agentId(), r.capabilities(), r.now()));
        }

        /** The lane asking ({@code ""}: the heartbeat did not say). */
        String agent() {
            return request.agentId();
        }
    }

    /** One rule: its verdict when it fires, else empty. Pure. */
    @FunctionalInterface
    interface Rule {
        Optional<Verdict> answer(Ask ask);
    }

    private final EffectiveAction action;
    private final Rule rule;

    ShouldRunRule(EffectiveAction action, Rule rule) {
        this.action = action;
        this.rule = rule;
    }

    /** The effective action of every verdict this rule gives. */
    EffectiveAction action() {
        return action;
    }

    /** This rule's verdict for {@code ask}, or empty when it does not fire. */
    Optional<Verdict> answer(Ask ask) {
        return rule.answer(ask);
    }

    /** A verdict that runs nothing, notifies nobody and selects nothing: the stops and the quiet waits. */
    static Optional<Verdict> holding(
            EffectiveAction action, String mode, String reason, String recommended, Cadence cadence) {
        return Optional.of(new Verdict(false, action, mode, reason, recommended, false, cadence, null, List.of()));
    }

    /** The verdict of the first rule, in declaration order, that answers. */
    static Verdict first(Ask ask) {
        for (ShouldRunRule r : values()) {
            Optional<Verdict> verdict = r.answer(ask);
            if (verdict.isPresent()) {
                return verdict.get();
            }
        }
        throw new IllegalStateException("QUOTA_SKIP always answers");
    }
}
