package dev.loopx.projections.query;

import static dev.loopx.projections.query.Asks.ask;
import static dev.loopx.projections.query.Asks.assertDecides;
import static dev.loopx.projections.query.Asks.assertFires;
import static dev.loopx.projections.query.Asks.assertWinsOver;
import static dev.loopx.projections.query.Histories.done;
import static dev.loopx.projections.query.Histories.goal;
import static dev.loopx.projections.query.Histories.monitor;
import static dev.loopx.projections.query.Histories.work;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.event.TodoCapabilitiesRequired;
import dev.loopx.ledger.event.TodoMonitorConfigured;
import dev.loopx.ledger.event.TodoSectionDeclaredEmpty;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import dev.loopx.projections.query.ShouldRun.Verdict;
import dev.loopx.projections.query.ShouldRunRule.Ask;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Given a goal without runnable work for lane {@code a}, when should-run decides at
 * {@link Histories#NOW}, then each rule of {@link ShouldRunWaitRules} fires in its situation, and
 * the rule listed before it wins where both fire.
 */
class ShouldRunWaitRulesTest {
    private static final List<String> A = List.of("a");
    private static final List<String> AB = List.of("a", "b");

    /** A monitor whose watch ended half an hour before NOW. */
    private static TodoMonitorConfigured expired(String id) {
        return new TodoMonitorConfigured(id, "ci", 30, "", "2026-01-01T00:30:00Z", false);
    }

    /** A monitor next due an hour after NOW. */
    private static TodoMonitorConfigured quiet(String id) {
        return new TodoMonitorConfigured(id, "ci", 30, "2026-01-01T02:00:00Z", "", false);
    }

    private static TodoCapabilitiesRequired gpu(String id) {
        return new TodoCapabilitiesRequired(id, List.of("gpu"));
    }

    @Test
    void aDueMonitor_isPolled_onlyWhenNoWorkIsRunnable() {
        GoalState s = goal(A, monitor("m2", ""), monitor("m1", ""), quiet("m2"));
        Verdict v = assertDecides(ShouldRunRule.MONITOR_DUE, ask(s));
        assertTrue(v.shouldRun());
        assertEquals("m1", v.selected().todoId());
        assertEquals(Cadence.MONITOR_WAIT, v.cadence());
        assertWinsOver(
                ShouldRunRule.NORMAL_RUN, ShouldRunRule.MONITOR_DUE, ask(goal(A, work("t1", ""), monitor("m1", ""))));
    }

    @Test
    void anExpiredWatch_isToBeClosed_afterADueMonitorIsPolled() {
        GoalState s = goal(A, monitor("m1", ""), expired("m1"));
        Verdict v = assertDecides(ShouldRunRule.MONITOR_EXPIRED, ask(s));
        assertTrue(v.shouldRun());
        assertTrue(v.reason().contains("2026-01-01T00:30:00Z"), v.reason());
        assertEquals(Cadence.ACTIVE_WORK, v.cadence());
        assertWinsOver(
                ShouldRunRule.MONITOR_DUE,
                ShouldRunRule.MONITOR_EXPIRED,
                ask(goal(A, monitor("m1", ""), expired("m1"), monitor("m2", ""))));
    }

    @Test
    void workNeedingAnUndeclaredCapability_waitsOnTheOwner_afterAnExpiredWatch() {
        GoalState s = goal(A, work("t1", ""), gpu("t1"));
        Verdict v = assertDecides(ShouldRunRule.CAPABILITY_BLOCKED, ask(s));
        assertFalse(v.shouldRun());
        assertTrue(v.notifyUser());
        assertEquals("t1", v.selected().todoId());
        assertTrue(v.reason().endsWith("needs gpu"), v.reason());
        assertEquals(
                ShouldRunRule.NORMAL_RUN,
                List.of(ShouldRunRule.values()).stream()
                        .filter(r -> r.answer(ask(s, "a", List.of("gpu"))).isPresent())
                        .findFirst()
                        .orElseThrow());
        assertWinsOver(
                ShouldRunRule.MONITOR_EXPIRED,
                ShouldRunRule.CAPABILITY_BLOCKED,
                ask(goal(A, work("t1", ""), gpu("t1"), monitor("m1", ""), expired("m1"))));
    }

    @Test
    void quietMonitors_skipQuietly_afterACapabilityWait() {
        Verdict v = assertDecides(ShouldRunRule.MONITOR_QUIET_SKIP, ask(goal(A, monitor("m1", ""), quiet("m1"))));
        assertFalse(v.shouldRun());
        assertNull(v.selected());
        assertEquals(Cadence.MONITOR_WAIT, v.cadence());
        assertWinsOver(
                ShouldRunRule.CAPABILITY_BLOCKED,
                ShouldRunRule.MONITOR_QUIET_SKIP,
                ask(goal(A, work("t1", ""), gpu("t1"), monitor("m1", ""), quiet("m1"))));
    }

    @Test
    void workClaimedByAPeer_waitsForThePeer_afterTheLanesOwnQuietMonitors() {
        Verdict v = assertDecides(ShouldRunRule.PEER_COORDINATION_BLOCKED, ask(goal(AB, work("t1", "b"))));
        assertEquals(Cadence.PEER_WAIT, v.cadence());
        assertWinsOver(
                ShouldRunRule.MONITOR_QUIET_SKIP,
                ShouldRunRule.PEER_COORDINATION_BLOCKED,
                ask(goal(AB, work("t1", "b"), monitor("m1", ""), quiet("m1"))));
    }

    @Test
    void nothingToDo_skipsQuietly_alwaysAnswers_andComesLast() {
        GoalState empty = goal(A, new TodoSectionDeclaredEmpty("agent"));
        Verdict v = assertDecides(ShouldRunRule.QUOTA_SKIP, ask(empty));
        assertEquals("skip quietly until there is fresh evidence or new work", v.recommendedAction());
        // closed but for the user section, which was never declared: quota_skip names the fix
        Ask closedButForUser = ask(goal(A, work("t1", ""), done("t1", true)));
        Verdict missing = assertDecides(ShouldRunRule.QUOTA_SKIP, closedButForUser);
        assertEquals("close the missing section: declare it empty", missing.recommendedAction());
        assertEquals(
                List.of(NextStep.of(Verb.TODO_DECLARE_EMPTY)
                        .with(Flag.GOAL_ID, "g1")
                        .with(Flag.ROLE, "user")),
                closedButForUser.frontier().closeMissingSections());
        // it answers whatever else holds, so every other rule comes before it
        assertFires(ShouldRunRule.QUOTA_SKIP, ask(goal(A, work("t1", ""))));
        assertWinsOver(
                ShouldRunRule.PEER_COORDINATION_BLOCKED, ShouldRunRule.QUOTA_SKIP, ask(goal(AB, work("t1", "b"))));
        assertEquals(ShouldRunRule.values().length - 1, ShouldRunRule.QUOTA_SKIP.ordinal());
    }
}
