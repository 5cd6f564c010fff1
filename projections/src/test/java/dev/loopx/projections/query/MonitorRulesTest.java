package dev.loopx.projections.query;

import static dev.loopx.projections.query.Histories.NOW;
import static dev.loopx.projections.query.Histories.goal;
import static dev.loopx.projections.query.Histories.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.MonitorPolled;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoMonitorConfigured;
import dev.loopx.ledger.event.TodoReplanCheckpointed;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoView;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Given a goal with monitors, when should-run decides at {@link Histories#NOW}
 * (2026-01-01T01:00:00Z), then the monitor branch of issue 21: due only past its next due time,
 * quiet before, expired asks to close, a material change asks for work until work is added, and
 * a no-change streak asks for a replan unless the monitor is watch-only.
 */
class MonitorRulesTest {
    private static final String M = "todo_000000000001";

    private static TodoAdded monitor(String taskClass) {
        return new TodoAdded(M, "agent", "watch CI", taskClass, "", "", "", false, List.of(), "", "");
    }

    private static TodoMonitorConfigured configured(String nextDueAt, String expiresAt, boolean watchOnly) {
        return new TodoMonitorConfigured(M, "ci", 30, nextDueAt, expiresAt, watchOnly);
    }

    private static MonitorPolled poll(boolean change, String nextDueAt) {
        return new MonitorPolled(M, "A", "abcdef01", change, 30, nextDueAt, "");
    }

    private static ShouldRun.Verdict decide(GoalState s) {
        return verdict(s);
    }

    private static ShouldRun.Verdict verdict(GoalState s) {
        Frontier f = Frontier.of(s, "A", NOW);
        return ShouldRun.decide(
                s,
                request("A", "codex_cli"),
                f,
                dev.loopx.projections.quota.QuotaStatus.at(s.goal().quota(), s.quota(), NOW));
    }

    private static TodoView m(GoalState s) {
        return s.todo(M).orElseThrow();
    }

    @Test
    void givenAMonitorNeverConfigured_thenItIsDueOnEveryPoll_asBefore() {
        GoalState s = goal(List.of("A"), monitor("continuous_monitor"));
        assertTrue(TodoRules.monitorDue(s, m(s), NOW));
        assertEquals(EffectiveAction.MONITOR_DUE, decide(s).effectiveAction());
    }

    @Test
    void givenANextDueTimeInTheFuture_thenTheMonitorIsQuiet_andDueOnceItPasses() {
        GoalState s = goal(List.of("A"), monitor("monitor_task"), configured("2026-01-01T02:00:00Z", "", false));
        assertFalse(TodoRules.monitorDue(s, m(s), NOW));
        assertEquals(EffectiveAction.MONITOR_QUIET_SKIP, decide(s).effectiveAction());
        assertTrue(TodoRules.monitorDue(s, m(s), java.time.Instant.parse("2026-01-01T02:00:00Z")));
    }

    @Test
    void givenAPollWhoseNextDueTimeHasPassed_thenTheMonitorIsDue() {
        GoalState s = goal(List.of("A"), monitor("monitor_task"), poll(false, "2026-01-01T00:59:59Z"));
        assertEquals(EffectiveAction.MONITOR_DUE, decide(s).effectiveAction());
        assertEquals(M, decide(s).selected().todoId());
    }

    @Test
    void givenAnExpiredWatch_thenItIsNeverDue_andShouldRunAsksToCloseIt() {
        GoalState s = goal(List.of("A"), monitor("monitor_task"), configured("", "2026-01-01T00:30:00Z", false));
        assertFalse(TodoRules.monitorDue(s, m(s), NOW));
        assertTrue(TodoRules.monitorExpired(s, m(s), NOW));
        ShouldRun.Verdict v = decide(s);
        assertEquals(EffectiveAction.MONITOR_EXPIRED, v.effectiveAction());
        assertTrue(v.shouldRun());
        assertEquals(Cadence.ACTIVE_WORK, v.cadence());
    }

    @Test
    void givenAMaterialChange_thenShouldRunAsksForAdvancementWork_untilSomeIsAdded() {
        GoalState changed = goal(List.of("A"), monitor("monitor_task"), poll(true, "2026-01-01T02:00:00Z"));
        assertTrue(TodoRules.monitorChangePending(changed, m(changed)));
        ShouldRun.Verdict v = decide(changed);
        assertEquals(EffectiveAction.MONITOR_MATERIAL_CHANGE, v.effectiveAction());
        assertTrue(v.shouldRun());
        assertEquals(M, v.selected().todoId());

        GoalState answered = goal(
                List.of("A"), monitor("monitor_task"), poll(true, "2026-01-01T02:00:00Z"), Histories.work("t2", ""));
        assertFalse(TodoRules.monitorChangePending(answered, m(answered)));
        assertEquals(EffectiveAction.NORMAL_RUN, decide(answered).effectiveAction());
    }

    @Test
    void givenWorkAddedBeforeTheChange_thenTheChangeIsStillPending() {
        GoalState s = goal(
                List.of("A"), Histories.work("t2", ""), monitor("monitor_task"), poll(true, "2026-01-01T02:00:00Z"));
        assertEquals(EffectiveAction.MONITOR_MATERIAL_CHANGE, decide(s).effectiveAction());
    }

    private static LoopxEvent[] streak(int polls, boolean watchOnly, LoopxEvent... after) {
        List<LoopxEvent> h = new ArrayList<>(List.of(monitor("monitor_task"), configured("", "", watchOnly)));
        for (int i = 0; i < polls; i++) {
            h.add(poll(false, "2026-01-01T02:00:00Z"));
        }
        h.addAll(List.of(after));
        return h.toArray(LoopxEvent[]::new);
    }

    @Test
    void givenFiveUnchangedPolls_thenTheReplanObligationHoldsWithTheStreak() {
        GoalState s = goal(List.of("A"), streak(5, false));
        ReplanObligation o = ReplanObligation.of(s);
        assertTrue(o.has(ReplanObligation.MONITOR_STREAK));
        assertEquals(M, o.triggers().get(0).todoId());
        assertEquals(5, o.triggers().get(0).noChangeStreak());
        ShouldRun.Verdict v = decide(s);
        assertEquals(EffectiveAction.AUTONOMOUS_REPLAN_REQUIRED, v.effectiveAction());
        assertTrue(v.reason().contains("5 unchanged polls"), v.reason());
    }

    @Test
    void givenFourUnchangedPolls_thenNoObligation() {
        assertFalse(ReplanObligation.of(goal(List.of("A"), streak(4, false))).required());
    }

    @Test
    void givenAWatchOnlyMonitor_thenAnyStreakStaysQuiet() {
        GoalState s = goal(List.of("A"), streak(12, true));
        assertFalse(ReplanObligation.of(s).required());
        assertEquals(EffectiveAction.MONITOR_QUIET_SKIP, decide(s).effectiveAction());
    }

    @Test
    void givenTheStreak_whenCheckpointedOrWorkIsAddedOrTheMonitorCloses_thenItIsAnswered() {
        assertFalse(ReplanObligation.of(goal(List.of("A"), streak(5, false, new TodoReplanCheckpointed("A", "keep"))))
                .required());
        assertFalse(ReplanObligation.of(goal(List.of("A"), streak(5, false, Histories.work("t2", ""))))
                .required());
        assertFalse(ReplanObligation.of(
                        goal(List.of("A"), streak(5, false, new TodoCompleted(M, "over", false, "", List.of()))))
                .has(ReplanObligation.MONITOR_STREAK));
    }

    @Test
    void givenACheckpoint_thenFiveMoreUnchangedPollsAskAgain() {
        List<LoopxEvent> h = new ArrayList<>(List.of(streak(5, false, new TodoReplanCheckpointed("A", "keep"))));
        for (int i = 0; i < 5; i++) {
            h.add(poll(false, "2026-01-01T02:00:00Z"));
        }
        assertTrue(ReplanObligation.of(goal(List.of("A"), h.toArray(LoopxEvent[]::new)))
                .has(ReplanObligation.MONITOR_STREAK));
    }
}
