package dev.loopx.projections.query;

import static dev.loopx.projections.query.Asks.ask;
import static dev.loopx.projections.query.Asks.assertDecides;
import static dev.loopx.projections.query.Asks.assertWinsOver;
import static dev.loopx.projections.query.Histories.done;
import static dev.loopx.projections.query.Histories.gate;
import static dev.loopx.projections.query.Histories.goal;
import static dev.loopx.projections.query.Histories.request;
import static dev.loopx.projections.query.Histories.work;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalStopped;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.TodoSectionDeclaredEmpty;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.ShouldRun.Verdict;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Given a goal, when should-run decides for lane {@code a} at {@link Histories#NOW}, then each rule
 * that holds the lane whatever its todos say ({@link ShouldRunGuardRules}) fires in its situation,
 * and the rule listed before it wins where both fire. Also the laws of the list itself.
 */
class ShouldRunGuardRulesTest {
    private static final List<String> A = List.of("a");

    /** One slot an hour, and that slot spent (at {@code T0 + n s}, inside the window ending at NOW). */
    private static final List<LoopxEvent> SPENT =
            List.of(new GoalConfigured(BigDecimal.ONE, 1, 60), new QuotaSlotSpent("a", 1, 1));

    private static final GoalConfigured PAUSE = new GoalConfigured(BigDecimal.ZERO, 24, 1);
    private static final GoalStopped STOP = new GoalStopped("owner said so");

    /** {@code t1} completed with no follow-up and the user section declared empty: terminal. */
    private static final List<LoopxEvent> CLOSED =
            List.of(work("t1", ""), done("t1", true), new TodoSectionDeclaredEmpty("user"));

    private static GoalState goalOf(List<LoopxEvent> first, LoopxEvent... more) {
        List<LoopxEvent> h = new ArrayList<>(first);
        h.addAll(List.of(more));
        return goal(A, h.toArray(LoopxEvent[]::new));
    }

    @Test
    void theRulesAreNamedAfterTheirActions_oneForEachAction_inTheDocumentedOrder() {
        for (ShouldRunRule rule : ShouldRunRule.values()) {
            assertEquals(rule.name(), rule.action().name());
        }
        EnumSet<EffectiveAction> actions = EnumSet.noneOf(EffectiveAction.class);
        List.of(ShouldRunRule.values()).forEach(r -> actions.add(r.action()));
        assertEquals(EnumSet.allOf(EffectiveAction.class), actions);
        assertEquals(
                List.of(
                        ShouldRunRule.LEDGER_DAMAGED,
                        ShouldRunRule.REPAIR_SCHEDULER_EXECUTION_CONTEXT,
                        ShouldRunRule.GOAL_STOPPED,
                        ShouldRunRule.QUOTA_PAUSED,
                        ShouldRunRule.TERMINAL_NO_FOLLOWUP,
                        ShouldRunRule.AUTOMATION_PROMPT_UPGRADE_REQUIRED,
                        ShouldRunRule.OPERATOR_GATE_NOTIFY,
                        ShouldRunRule.THROTTLED_SKIP,
                        ShouldRunRule.SUCCESSOR_REPLAN_REQUIRED,
                        ShouldRunRule.AUTONOMOUS_REPLAN_REQUIRED,
                        ShouldRunRule.INITIAL_PLAN_REQUIRED,
                        ShouldRunRule.MONITOR_MATERIAL_CHANGE,
                        ShouldRunRule.NORMAL_RUN,
                        ShouldRunRule.MONITOR_DUE,
                        ShouldRunRule.MONITOR_EXPIRED,
                        ShouldRunRule.CAPABILITY_BLOCKED,
                        ShouldRunRule.MONITOR_QUIET_SKIP,
                        ShouldRunRule.PEER_COORDINATION_BLOCKED,
                        ShouldRunRule.QUOTA_SKIP),
                List.of(ShouldRunRule.values()));
    }

    @Test
    void aDamagedLedger_stopsEveryLane_andTellsTheOwner_beforeAnythingElse() {
        // given a goal with runnable work, read from a ledger known to be damaged from seq 7
        LedgerDamageNotice damage = new LedgerDamageNotice(6, 7, "seq 7 was modified");
        ShouldRun.Request damaged = new ShouldRun.Request(
                Histories.GOAL,
                "a",
                RuntimeProfile.fromWire("codex_cli"),
                List.of(),
                "",
                "",
                Histories.NOW,
                Optional.of(damage));
        GoalState s = goal(A, work("t1", ""));
        // when / then: nothing runs, the owner is told, and the reason names the first bad seq
        Verdict v = assertDecides(ShouldRunRule.LEDGER_DAMAGED, ask(s, damaged));
        assertFalse(v.shouldRun());
        assertTrue(v.notifyUser());
        assertTrue(v.reason().contains("from seq 7"), v.reason());
        assertEquals(Cadence.LEDGER_DAMAGED, v.cadence());
        assertNull(v.selected());
        // it outranks even an unknown host and a stopped goal
        ShouldRun.Request noProfile = new ShouldRun.Request(
                Histories.GOAL,
                "a",
                RuntimeProfile.fromWire(""),
                List.of(),
                "",
                "",
                Histories.NOW,
                Optional.of(damage));
        assertWinsOver(
                ShouldRunRule.LEDGER_DAMAGED,
                ShouldRunRule.REPAIR_SCHEDULER_EXECUTION_CONTEXT,
                ask(goal(A, work("t1", ""), STOP), noProfile));
        // and a sound ledger never fires it
        assertTrue(ShouldRunRule.LEDGER_DAMAGED.answer(ask(s)).isEmpty());
    }

    @Test
    void aHostWithoutARuntimeProfile_failsClosed_evenOnAStoppedGoal() {
        // given a goal with work, a sound ledger, and a host that did not say what it is
        GoalState s = goal(A, work("t1", ""));
        // when / then
        Verdict v = assertDecides(ShouldRunRule.REPAIR_SCHEDULER_EXECUTION_CONTEXT, ask(s, request("a", "")));
        assertFalse(v.shouldRun());
        assertEquals(Cadence.REPAIR, v.cadence());
        assertNull(v.selected());
        // and it is the first rule: it wins over a stop
        assertWinsOver(
                ShouldRunRule.REPAIR_SCHEDULER_EXECUTION_CONTEXT,
                ShouldRunRule.GOAL_STOPPED,
                ask(goal(A, work("t1", ""), STOP), request("a", "")));
    }

    @Test
    void aStoppedGoal_stopsBeforeAnyQuotaCheck() {
        GoalState stopped = goal(A, work("t1", ""), STOP);
        Verdict v = assertDecides(ShouldRunRule.GOAL_STOPPED, ask(stopped));
        assertTrue(v.reason().endsWith("owner said so"), v.reason());
        assertEquals(Cadence.GOAL_STOPPED, v.cadence());
        assertWinsOver(ShouldRunRule.GOAL_STOPPED, ShouldRunRule.QUOTA_PAUSED, ask(goal(A, PAUSE, STOP)));
    }

    @Test
    void aPausedQuota_pausesTheLane_evenOnATerminalGoal() {
        Verdict v = assertDecides(ShouldRunRule.QUOTA_PAUSED, ask(goal(A, work("t1", ""), PAUSE)));
        assertEquals(Cadence.QUOTA_PAUSED, v.cadence());
        assertWinsOver(ShouldRunRule.QUOTA_PAUSED, ShouldRunRule.TERMINAL_NO_FOLLOWUP, ask(goalOf(CLOSED, PAUSE)));
    }

    @Test
    void aTerminalGoal_stopsTheAutomation_evenForALaneThatDidNotSayWhoItIs() {
        Verdict v = assertDecides(ShouldRunRule.TERMINAL_NO_FOLLOWUP, ask(goalOf(CLOSED)));
        assertEquals(Cadence.TERMINAL, v.cadence());
        assertWinsOver(
                ShouldRunRule.TERMINAL_NO_FOLLOWUP,
                ShouldRunRule.AUTOMATION_PROMPT_UPGRADE_REQUIRED,
                ask(goalOf(CLOSED), request("", "codex_cli")));
    }

    @Test
    void aLaneWithoutARegisteredAgent_isAskedToUpgradeItsPrompt_beforeAGateIsShown() {
        GoalState s = goal(A, work("t1", ""));
        Verdict missing =
                assertDecides(ShouldRunRule.AUTOMATION_PROMPT_UPGRADE_REQUIRED, ask(s, request("", "codex_cli")));
        assertTrue(missing.reason().contains("did not say"), missing.reason());
        Verdict unknown =
                assertDecides(ShouldRunRule.AUTOMATION_PROMPT_UPGRADE_REQUIRED, ask(s, request("zed", "codex_cli")));
        assertTrue(unknown.reason().contains("agent zed is not registered"), unknown.reason());
        assertTrue(ShouldRunRule.AUTOMATION_PROMPT_UPGRADE_REQUIRED
                .answer(ask(goal(List.of(), work("t1", "")), request("", "codex_cli")))
                .isEmpty());
        assertWinsOver(
                ShouldRunRule.AUTOMATION_PROMPT_UPGRADE_REQUIRED,
                ShouldRunRule.OPERATOR_GATE_NOTIFY,
                ask(goal(A, gate("g1", "")), request("", "codex_cli")));
    }

    @Test
    void anOpenUserGate_notifiesTheUser_evenWhenTheQuotaWindowIsSpent() {
        GoalState s = goal(A, work("t1", ""), gate("g2", ""), gate("g1", "a"), gate("g3", "b"));
        Verdict v = assertDecides(ShouldRunRule.OPERATOR_GATE_NOTIFY, ask(s));
        assertTrue(v.notifyUser());
        assertEquals("g2", v.selected().todoId());
        assertEquals(List.of(), v.candidates());
        assertTrue(ShouldRunRule.OPERATOR_GATE_NOTIFY
                .answer(ask(goal(List.of("a", "b"), gate("g3", "b"))))
                .isEmpty());
        assertWinsOver(
                ShouldRunRule.OPERATOR_GATE_NOTIFY, ShouldRunRule.THROTTLED_SKIP, ask(goalOf(SPENT, gate("g1", ""))));
    }

    @Test
    void aSpentQuotaWindow_skipsQuietly_listingTheWaitingWork_beforeAnyTurnRuns() {
        Verdict v = assertDecides(ShouldRunRule.THROTTLED_SKIP, ask(goalOf(SPENT, work("t1", ""))));
        assertFalse(v.shouldRun());
        assertNull(v.selected());
        assertEquals(List.of("t1"), v.candidates().stream().map(t -> t.todoId()).toList());
        assertTrue(v.reason().contains("1 of 1 slots"), v.reason());
        GoalState readyAndSpent = goalOf(
                SPENT,
                work("t1", ""),
                work("t2", ""),
                new TodoUpdated("t2", "work t2", "deferred", "resume_at:2025-12-31T00:00:00Z"));
        assertWinsOver(ShouldRunRule.THROTTLED_SKIP, ShouldRunRule.SUCCESSOR_REPLAN_REQUIRED, ask(readyAndSpent));
    }
}
