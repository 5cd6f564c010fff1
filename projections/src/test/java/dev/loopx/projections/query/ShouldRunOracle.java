package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.ShouldRun.Request;
import dev.loopx.projections.query.ShouldRun.Verdict;
import dev.loopx.projections.quota.QuotaState;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoView;
import java.util.List;
import java.util.Optional;

/**
 * The oracle for {@link ShouldRun#decide}: the decision as it was written before it became the
 * ordered rule list of {@link ShouldRunRule} (issue 34, item 7), copied verbatim (only the method
 * name changed). Test sources only; {@code ShouldRunOraclePropertyTest} checks that the rule list
 * answers exactly as this did. Do not edit it to follow a change of the rules: a deliberate change
 * of behaviour retires the oracle instead.
 */
final class ShouldRunOracle {
    private ShouldRunOracle() {}

    static Verdict decideAsBefore(GoalState s, Request r, Frontier f, QuotaStatus q) {
        String agent = r.agentId();
        String goal = s.goal().goalId();
        List<TodoView> candidates = s.openTodos().stream()
                .filter(t -> TodoRules.runnableFor(s, t, agent, r.capabilities(), r.now()))
                .sorted(TodoRules.ORDER)
                .toList();
        if (r.runtimeProfile().isEmpty()) {
            return stop(
                    false,
                    EffectiveAction.REPAIR_SCHEDULER_EXECUTION_CONTEXT,
                    "control_plane_repair",
                    "no runtime profile: the host's execution context is unknown, so LoopX fails closed",
                    "ask again and name the host's runtime profile",
                    Cadence.REPAIR);
        }
        if (s.goal().stopped()) {
            return stop(
                    false,
                    EffectiveAction.GOAL_STOPPED,
                    "goal_stopped",
                    "the goal is stopped: " + s.goal().lifecycleReason(),
                    "wait until the owner resumes the goal",
                    Cadence.GOAL_STOPPED);
        }
        if (q.state() == QuotaState.PAUSED) {
            return stop(
                    false,
                    EffectiveAction.QUOTA_PAUSED,
                    "quota_paused",
                    "the goal's quota compute is 0 (a hard pause)",
                    "wait for the owner to configure a non-zero quota",
                    Cadence.QUOTA_PAUSED);
        }
        if (f.terminal()) {
            return stop(
                    false,
                    EffectiveAction.TERMINAL_NO_FOLLOWUP,
                    "terminal_no_followup",
                    "every todo is done and a completion said no follow-up: the goal is closed",
                    "stop the automation",
                    Cadence.TERMINAL);
        }
        if (s.hasAgents() && (agent.isEmpty() || s.goal().agent(agent).isEmpty())) {
            return stop(
                    false,
                    EffectiveAction.AUTOMATION_PROMPT_UPGRADE_REQUIRED,
                    "control_plane_repair",
                    agent.isEmpty()
                            ? "the goal has registered agents and the heartbeat did not say which one it runs"
                            : "agent " + agent + " is not registered for this goal",
                    "install the managed heartbeat for a registered agent",
                    Cadence.REPAIR);
        }
        List<TodoView> gates = s.openTodos().stream()
                .filter(t -> TodoRules.gateBlocks(t, agent))
                .sorted(TodoRules.ORDER)
                .toList();
        if (!gates.isEmpty()) {
            return new Verdict(
                    false,
                    EffectiveAction.OPERATOR_GATE_NOTIFY,
                    "operator_gate_wait",
                    "an open user gate blocks this lane: " + gates.get(0).text(),
                    "notify the user and wait for their decision",
                    true,
                    Cadence.HUMAN_GATE,
                    gates.get(0),
                    List.of());
        }
        if (q.state() == QuotaState.THROTTLED) {
            return new Verdict(
                    false,
                    EffectiveAction.THROTTLED_SKIP,
                    "quiet_wait",
                    "the quota window is spent (" + q.spentSlots() + " of " + q.allowedSlots() + " slots) until "
                            + q.nextEligibleAt(),
                    "skip this turn quietly",
                    false,
                    Cadence.UNCHANGED,
                    null,
                    candidates);
        }
        List<TodoView> ready = s.openTodos().stream()
                .filter(t -> TodoRules.readyDeferred(s, t, r.now()))
                .sorted(TodoRules.ORDER)
                .toList();
        if (!ready.isEmpty()) {
            return new Verdict(
                    true,
                    EffectiveAction.SUCCESSOR_REPLAN_REQUIRED,
                    "replan",
                    "a deferred todo's condition came true: " + ready.get(0).text(),
                    "re-plan: update or supersede the deferred todo before other work",
                    false,
                    Cadence.ACTIVE_WORK,
                    ready.get(0),
                    candidates);
        }
        ReplanObligation obligation = f.replanObligation();
        if (obligation.required()) {
            String gapTodo = obligation.gapTodoId();
            TodoView settle = gapTodo.isEmpty() ? null : s.todo(gapTodo).orElse(null);
            return new Verdict(
                    true,
                    EffectiveAction.AUTONOMOUS_REPLAN_REQUIRED,
                    "replan",
                    replanReason(obligation),
                    replanAction(obligation),
                    true,
                    Cadence.ACTIVE_WORK,
                    settle,
                    candidates);
        }
        if (s.hasAgents()
                && s.openTodos().stream().noneMatch(TodoView::isAgent)
                && s.doneCounts().doneOf(TodoRole.AGENT) == 0
                && !s.goal().declaredEmptyRoles().contains("agent")) {
            return new Verdict(
                    true,
                    EffectiveAction.INITIAL_PLAN_REQUIRED,
                    "plan",
                    "the goal has no agent todo yet: plan the first steps toward the objective",
                    "one bounded planning turn: add the first agent todos, or declare on purpose that there is no agent work; deliver nothing else",
                    false,
                    Cadence.ACTIVE_WORK,
                    null,
                    List.of());
        }
        Optional<TodoView> changed = s.openTodos().stream()
                .filter(t -> TodoRules.monitorChangePending(s, t))
                .sorted(TodoRules.ORDER)
                .findFirst();
        if (changed.isPresent()) {
            return new Verdict(
                    true,
                    EffectiveAction.MONITOR_MATERIAL_CHANGE,
                    "plan",
                    "a monitor saw a material change: " + changed.get().text(),
                    "turn the change into advancement work (a new agent todo), or complete the monitor when the watch is over",
                    false,
                    Cadence.ACTIVE_WORK,
                    changed.get(),
                    candidates);
        }
        if (!candidates.isEmpty()) {
            TodoView selected = candidates.get(0);
            boolean claimed = TodoRules.claimant(selected, r.now()).equals(agent) && !agent.isEmpty();
            return new Verdict(
                    true,
                    EffectiveAction.NORMAL_RUN,
                    "work",
                    "runnable advancement work: " + selected.text(),
                    claimed ? "work on the selected todo" : "claim the selected todo, then work on it",
                    false,
                    Cadence.ACTIVE_WORK,
                    selected,
                    candidates);
        }
        List<TodoView> monitors = s.openTodos().stream()
                .filter(t -> TodoRules.isMonitor(t) && TodoRules.open(t))
                .sorted(TodoRules.ORDER)
                .toList();
        List<TodoView> due = monitors.stream()
                .filter(t -> TodoRules.monitorDue(s, t, r.now()))
                .toList();
        if (!due.isEmpty()) {
            return new Verdict(
                    true,
                    EffectiveAction.MONITOR_DUE,
                    "monitor",
                    "a monitor is due: " + due.get(0).text(),
                    "check the monitor and write back what changed",
                    false,
                    Cadence.MONITOR_WAIT,
                    due.get(0),
                    List.of());
        }
        Optional<TodoView> expired = monitors.stream()
                .filter(t -> TodoRules.monitorExpired(s, t, r.now()))
                .findFirst();
        if (expired.isPresent()) {
            return new Verdict(
                    true,
                    EffectiveAction.MONITOR_EXPIRED,
                    "plan",
                    "a monitor's watch expired at "
                            + s.monitor(expired.get().todoId()).expiresAt() + ": "
                            + expired.get().text(),
                    "complete the expired monitor with what the watch saw, or supersede it with a new monitor or the work it was waiting for",
                    false,
                    Cadence.ACTIVE_WORK,
                    expired.get(),
                    List.of());
        }
        Optional<TodoView> capabilityBlocked = s.openTodos().stream()
                .filter(t -> TodoRules.capabilityBlocked(s, t, agent, r.capabilities(), r.now()))
                .sorted(TodoRules.ORDER)
                .findFirst();
        if (capabilityBlocked.isPresent()) {
            TodoView t = capabilityBlocked.get();
            String missing = String.join(", ", TodoRules.missingCapabilities(t, r.capabilities()));
            return new Verdict(
                    false,
                    EffectiveAction.CAPABILITY_BLOCKED,
                    "capability_wait",
                    "the open work needs capabilities this lane did not declare: todo " + t.todoId() + " (" + t.text()
                            + ") needs " + missing,
                    "run this lane where " + missing
                            + " is available and declare it, or have the owner change what the todo requires; a capability routes work, it never grants permission",
                    true,
                    Cadence.HUMAN_GATE,
                    t,
                    List.of());
        }
        if (!monitors.isEmpty()) {
            return new Verdict(
                    false,
                    EffectiveAction.MONITOR_QUIET_SKIP,
                    "quiet_wait",
                    "only monitors remain and none is due",
                    "skip this turn quietly",
                    false,
                    Cadence.MONITOR_WAIT,
                    null,
                    List.of());
        }
        if (s.openTodos().stream().anyMatch(t -> TodoRules.claimedByOther(t, agent, r.now()))) {
            return new Verdict(
                    false,
                    EffectiveAction.PEER_COORDINATION_BLOCKED,
                    "peer_wait",
                    "the remaining work is claimed by other agents",
                    "wait for a peer to finish or release its claim",
                    false,
                    Cadence.PEER_WAIT,
                    null,
                    List.of());
        }
        boolean close = f.terminalButForMissingSections();
        return new Verdict(
                false,
                EffectiveAction.QUOTA_SKIP,
                "quiet_wait",
                !close
                        ? "nothing runnable: no open work for this lane"
                        : "the work is closed but a todo section was never declared, so the goal cannot be terminal",
                !close
                        ? "skip quietly until there is fresh evidence or new work"
                        : "close the missing section: declare it empty",
                false,
                Cadence.UNCHANGED,
                null,
                List.of());
    }

    private static String replanReason(ReplanObligation obligation) {
        if (obligation.has(ReplanObligation.SUCCESSION_GAP)) {
            return "the plan ran out: the last completed todo (" + obligation.gapTodoId()
                    + ") named no successor and was not settled as having no follow-up";
        }
        ReplanObligation.Trigger first = obligation.triggers().get(0);
        if (first.kind().equals(ReplanObligation.MONITOR_STREAK)) {
            return "only watching: monitor " + first.todoId() + " had " + first.noChangeStreak()
                    + " unchanged polls in a row and no advancement work is left";
        }
        return "a long chain without a checkpoint: " + first.completedSinceCheckpoint()
                + " todos completed since the last replan (replan_after_completed_todos=" + first.threshold() + ")";
    }

    private static String replanAction(ReplanObligation obligation) {
        if (obligation.has(ReplanObligation.SUCCESSION_GAP)) {
            return "replan: add a real successor, or, when no real work remains, settle the completed todo as having no follow-up";
        }
        if (obligation.triggers().get(0).kind().equals(ReplanObligation.MONITOR_STREAK)) {
            return "replan: add the advancement work the watch is for, complete the monitor, or record in a checkpoint why watching goes on";
        }
        return "replan: check the open todos against the objective (add, update or supersede them),"
                + " then record the checkpoint";
    }

    private static Verdict stop(
            boolean run, EffectiveAction action, String mode, String reason, String recommended, Cadence c) {
        return new Verdict(run, action, mode, reason, recommended, false, c, null, List.of());
    }
}
