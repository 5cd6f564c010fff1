package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.lane.LaneFold;
import dev.loopx.projections.lane.LaneView;
import dev.loopx.projections.query.ShouldRun.Verdict;
import dev.loopx.projections.query.ShouldRunRule.Ask;
import dev.loopx.projections.quota.QuotaState;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.todo.TodoView;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The rules of {@link ShouldRunRule} that hold the lane whatever its todos say: an unknown host, a
 * stopped goal, a paused quota, a terminal goal, an unregistered lane, a blocking user gate and a
 * spent quota window. Each answers only when it fires; their order is {@link ShouldRunRule}'s.
 * Pure.
 */
final class ShouldRunGuardRules {
    private ShouldRunGuardRules() {}

    static Optional<Verdict> ledgerDamaged(Ask a) {
        if (a.request().ledgerDamage().isEmpty()) {
            return Optional.empty();
        }
        LedgerDamageNotice damage = a.request().ledgerDamage().get();
        return Optional.of(new Verdict(
                false,
                EffectiveAction.LEDGER_DAMAGED,
                "ledger_damaged",
                "the ledger is damaged from seq " + damage.firstBadSeq() + " (its valid chain ends at seq "
                        + damage.validThroughSeq() + "): every write is refused until the owner repairs it",
                "stop writing; tell the owner, who repairs the ledger",
                true,
                Cadence.LEDGER_DAMAGED,
                null,
                List.of()));
    }

    static Optional<Verdict> repairSchedulerExecutionContext(Ask a) {
        if (a.request().runtimeProfile().isPresent()) {
            return Optional.empty();
        }
        return ShouldRunRule.holding(
                EffectiveAction.REPAIR_SCHEDULER_EXECUTION_CONTEXT,
                "control_plane_repair",
                "no runtime profile: the host's execution context is unknown, so LoopX fails closed",
                "ask again and name the host's runtime profile",
                Cadence.REPAIR);
    }

    static Optional<Verdict> goalStopped(Ask a) {
        if (!a.state().goal().stopped()) {
            return Optional.empty();
        }
        return ShouldRunRule.holding(
                EffectiveAction.GOAL_STOPPED,
                "goal_stopped",
                "the goal is stopped: " + a.state().goal().lifecycleReason(),
                "wait until the owner resumes the goal",
                Cadence.GOAL_STOPPED);
    }

    static Optional<Verdict> quotaPaused(Ask a) {
        if (a.quota().state() != QuotaState.PAUSED) {
            return Optional.empty();
        }
        return ShouldRunRule.holding(
                EffectiveAction.QUOTA_PAUSED,
                "quota_paused",
                "the goal's quota compute is 0 (a hard pause)",
                "wait for the owner to configure a non-zero quota",
                Cadence.QUOTA_PAUSED);
    }

    static Optional<Verdict> terminalNoFollowup(Ask a) {
        if (!a.frontier().terminal()) {
            return Optional.empty();
        }
        return ShouldRunRule.holding(
                EffectiveAction.TERMINAL_NO_FOLLOWUP,
                "terminal_no_followup",
                "every todo is done and a completion said no follow-up: the goal is closed",
                "stop the automation",
                Cadence.TERMINAL);
    }

    /** Fires for a missing agent id and for one the goal does not know (4′ of docs/should-run.md answers that one earlier, as an error). */
    static Optional<Verdict> automationPromptUpgradeRequired(Ask a) {
        GoalState s = a.state();
        String agent = a.agent();
        if (!s.hasAgents() || (!agent.isEmpty() && s.goal().agent(agent).isPresent())) {
            return Optional.empty();
        }
        return ShouldRunRule.holding(
                EffectiveAction.AUTOMATION_PROMPT_UPGRADE_REQUIRED,
                "control_plane_repair",
                agent.isEmpty()
                        ? "the goal has registered agents and the heartbeat did not say which one it runs"
                        : "agent " + agent + " is not registered for this goal",
                "install the managed heartbeat for a registered agent",
                Cadence.REPAIR);
    }

    /** Selects the first blocking gate in {@link TodoRules#ORDER} and notifies the user. */
    static Optional<Verdict> operatorGateNotify(Ask a) {
        List<TodoView> gates = a.state().openTodos().stream()
                .filter(t -> TodoRules.gateBlocks(t, a.agent()))
                .sorted(TodoRules.ORDER)
                .toList();
        if (gates.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                false,
                EffectiveAction.OPERATOR_GATE_NOTIFY,
                "operator_gate_wait",
                "an open user gate blocks this lane: " + gates.get(0).text(),
                "notify the user and wait for their decision",
                true,
                Cadence.HUMAN_GATE,
                gates.get(0),
                List.of()));
    }

    /**
     * Selects nothing but lists the candidates that wait: for a quota slot, or — a wake storm
     * (issue 36) — because the lane's host woke it for a new turn sooner than half the interval it
     * applied after its last turn: the extra turn is answered with a skip, not with work.
     */
    static Optional<Verdict> throttledSkip(Ask a) {
        QuotaStatus q = a.quota();
        if (q.state() != QuotaState.THROTTLED) {
            return wakeStorm(a);
        }
        return Optional.of(new Verdict(
                false,
                EffectiveAction.THROTTLED_SKIP,
                "quiet_wait",
                "the quota window is spent (" + q.spentSlots() + " of " + q.allowedSlots() + " slots) until "
                        + q.nextEligibleAt(),
                "skip this turn quietly",
                false,
                Cadence.UNCHANGED,
                null,
                a.candidates()));
    }

    /** A new turn of a lane with an applied interval, sooner than half that interval after its last turn. */
    private static Optional<Verdict> wakeStorm(Ask a) {
        if (!a.request().newTurn() || a.agent().isEmpty()) {
            return Optional.empty();
        }
        Optional<LaneView> lane = a.state().lanes().stream()
                .filter(l -> l.agentId().equals(a.agent()))
                .findFirst();
        Optional<Integer> interval = lane.flatMap(l -> LaneFold.intervalMinutes(l.appliedRrule()));
        if (interval.isEmpty() || lane.get().lastTurnAt().isEmpty()) {
            return Optional.empty();
        }
        Instant last = Instant.parse(lane.get().lastTurnAt());
        Duration gap = Duration.between(last, a.request().now());
        if (gap.isNegative() || gap.toSeconds() * 2 >= interval.get() * 60L) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                false,
                EffectiveAction.THROTTLED_SKIP,
                "quiet_wait",
                "a wake storm: this turn came " + LaneLiveness.Ago.words(gap) + " after the last one, sooner than"
                        + " half the applied interval of " + interval.get() + " min; the next turn is due at "
                        + last.plus(Duration.ofMinutes(interval.get())),
                "skip this turn quietly",
                false,
                Cadence.UNCHANGED,
                null,
                a.candidates()));
    }
}
