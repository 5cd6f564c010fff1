package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.ShouldRun.Verdict;
import dev.loopx.projections.query.ShouldRunRule.Ask;
import dev.loopx.projections.todo.TodoView;
import java.util.List;
import java.util.Optional;

/**
 * The rules of {@link ShouldRunRule} for a lane without runnable work: a due monitor, an expired
 * watch, work that needs a capability, quiet monitors, peers' work, and nothing at all. Each
 * answers only when it fires; their order is {@link ShouldRunRule}'s, whose last rule
 * ({@link #quotaSkip}) always answers. Pure.
 */
final class ShouldRunWaitRules {
    private ShouldRunWaitRules() {}

    /** Selects the first due monitor in {@link TodoRules#ORDER}. */
    static Optional<Verdict> monitorDue(Ask a) {
        GoalState s = a.state();
        List<TodoView> due = monitors(s).stream()
                .filter(t -> TodoRules.monitorDue(s, t, a.request().now()))
                .toList();
        if (due.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                true,
                EffectiveAction.MONITOR_DUE,
                "monitor",
                "a monitor is due: " + due.get(0).text(),
                "check the monitor and write back what changed",
                false,
                Cadence.MONITOR_WAIT,
                due.get(0),
                List.of()));
    }

    /** Selects the first expired monitor in {@link TodoRules#ORDER}. */
    static Optional<Verdict> monitorExpired(Ask a) {
        GoalState s = a.state();
        return monitors(s).stream()
                .filter(t -> TodoRules.monitorExpired(s, t, a.request().now()))
                .findFirst()
                .map(expired -> new Verdict(
                        true,
                        EffectiveAction.MONITOR_EXPIRED,
                        "plan",
                        "a monitor's watch expired at "
                                + s.monitor(expired.todoId()).expiresAt() + ": "
                                + expired.text(),
                        "complete the expired monitor with what the watch saw, or supersede it with a new monitor or"
                                + " the work it was waiting for",
                        false,
                        Cadence.ACTIVE_WORK,
                        expired,
                        List.of()));
    }

    /** Selects the first capability-blocked todo in {@link TodoRules#ORDER}, names what it misses and notifies. */
    static Optional<Verdict> capabilityBlocked(Ask a) {
        GoalState s = a.state();
        List<String> capabilities = a.request().capabilities();
        Optional<TodoView> blocked = s.openTodos().stream()
                .filter(t -> TodoRules.capabilityBlocked(
                        s, t, a.agent(), capabilities, a.request().now()))
                .sorted(TodoRules.ORDER)
                .findFirst();
        if (blocked.isEmpty()) {
            return Optional.empty();
        }
        TodoView t = blocked.get();
        String missing = String.join(", ", TodoRules.missingCapabilities(t, capabilities));
        return Optional.of(new Verdict(
                false,
                EffectiveAction.CAPABILITY_BLOCKED,
                "capability_wait",
                "the open work needs capabilities this lane did not declare: todo " + t.todoId() + " (" + t.text()
                        + ") needs " + missing,
                "run this lane where " + missing + " is available and declare it, or have the owner change what"
                        + " the todo requires; a capability routes work, it never grants permission",
                true,
                Cadence.HUMAN_GATE,
                t,
                List.of()));
    }

    static Optional<Verdict> monitorQuietSkip(Ask a) {
        if (monitors(a.state()).isEmpty()) {
            return Optional.empty();
        }
        return ShouldRunRule.holding(
                EffectiveAction.MONITOR_QUIET_SKIP,
                "quiet_wait",
                "only monitors remain and none is due",
                "skip this turn quietly",
                Cadence.MONITOR_WAIT);
    }

    static Optional<Verdict> peerCoordinationBlocked(Ask a) {
        if (a.state().openTodos().stream()
                .noneMatch(
                        t -> TodoRules.claimedByOther(t, a.agent(), a.request().now()))) {
            return Optional.empty();
        }
        return ShouldRunRule.holding(
                EffectiveAction.PEER_COORDINATION_BLOCKED,
                "peer_wait",
                "the remaining work is claimed by other agents",
                "wait for a peer to finish or release its claim",
                Cadence.PEER_WAIT);
    }

    /** Always answers; names the commands that close a missing section when only that keeps the goal open. */
    static Optional<Verdict> quotaSkip(Ask a) {
        Frontier f = a.frontier();
        boolean close = f.terminalButForMissingSections();
        return ShouldRunRule.holding(
                EffectiveAction.QUOTA_SKIP,
                "quiet_wait",
                !close
                        ? "nothing runnable: no open work for this lane"
                        : "the work is closed but a todo section was never declared, so the goal cannot be terminal",
                !close
                        ? "skip quietly until there is fresh evidence or new work"
                        : "close the missing section: declare it empty",
                Cadence.UNCHANGED);
    }

    /** The open monitors, in {@link TodoRules#ORDER}. */
    private static List<TodoView> monitors(GoalState s) {
        return s.openTodos().stream()
                .filter(t -> TodoRules.isMonitor(t) && TodoRules.open(t))
                .sorted(TodoRules.ORDER)
                .toList();
    }
}
