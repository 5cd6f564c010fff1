package dev.loopx.projections.query;

import static dev.loopx.projections.query.Asks.ask;
import static dev.loopx.projections.query.Asks.assertDecides;
import static dev.loopx.projections.query.Asks.assertWinsOver;
import static dev.loopx.projections.query.Histories.done;
import static dev.loopx.projections.query.Histories.goal;
import static dev.loopx.projections.query.Histories.monitor;
import static dev.loopx.projections.query.Histories.userTodo;
import static dev.loopx.projections.query.Histories.work;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.event.GoalReplanPolicyConfigured;
import dev.loopx.ledger.event.MonitorPolled;
import dev.loopx.ledger.event.TodoSectionDeclaredEmpty;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.ShouldRun.Verdict;
import dev.loopx.projections.query.ShouldRunRule.Ask;
import dev.loopx.projections.todo.TodoView;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Given a goal, when should-run decides for lane {@code a} at {@link Histories#NOW}, then each rule
 * that runs a turn on the plan or the work ({@link ShouldRunWorkRules}) fires in its situation, and
 * an earlier rule wins where both fire: the rule listed just before it, or, where those two can
 * never fire together, the nearest earlier one that can.
 */
class ShouldRunWorkRulesTest {
    private static final List<String> A = List.of("a");
    private static final String PAST = "resume_at:2025-12-31T00:00:00Z";

    private static TodoUpdated deferredReady(String id) {
        return new TodoUpdated(id, "deferred " + id, "deferred", PAST);
    }

    private static MonitorPolled changed(String id) {
        return new MonitorPolled(id, "a", "abcdef01", true, 30, "2026-01-01T02:00:00Z", "");
    }

    private static List<String> ids(List<TodoView> todos) {
        return todos.stream().map(TodoView::todoId).toList();
    }

    @Test
    void aDeferredTodoWhoseConditionCameTrue_asksForAReplan_beforeAnyOtherObligation() {
        GoalState s = goal(A, work("t1", ""), work("t2", ""), deferredReady("t2"));
        Verdict v = assertDecides(ShouldRunRule.SUCCESSOR_REPLAN_REQUIRED, ask(s));
        assertTrue(v.shouldRun());
        assertEquals("t2", v.selected().todoId());
        assertEquals(List.of("t1"), ids(v.candidates()));
        // a long chain (one completion is enough at replan_after_completed_todos=1) also holds
        GoalState chainToo = goal(
                A,
                new GoalReplanPolicyConfigured(1),
                work("t1", ""),
                work("t2", ""),
                done("t1", false),
                deferredReady("t2"));
        assertWinsOver(
                ShouldRunRule.SUCCESSOR_REPLAN_REQUIRED, ShouldRunRule.AUTONOMOUS_REPLAN_REQUIRED, ask(chainToo));
    }

    @Test
    void aSuccessionGap_asksForAReplanWithNotice_selectingNoDoneTodo() {
        Ask gapAsk = ask(goal(A, work("t1", ""), done("t1", false)));
        Verdict gap = assertDecides(ShouldRunRule.AUTONOMOUS_REPLAN_REQUIRED, gapAsk);
        assertTrue(gap.notifyUser());
        // the completion to settle is done: the obligation names it, selected_todo does not
        assertNull(gap.selected());
        assertEquals("t1", gapAsk.frontier().replanObligation().gapTodoId());
        assertTrue(gap.reason().startsWith("the plan ran out"), gap.reason());
        GoalState chain = goal(A, new GoalReplanPolicyConfigured(1), work("t1", ""), work("t2", ""), done("t1", false));
        Verdict longChain = assertDecides(ShouldRunRule.AUTONOMOUS_REPLAN_REQUIRED, ask(chain));
        assertNull(longChain.selected());
        assertEquals(List.of("t2"), ids(longChain.candidates()));
        // the order against SUCCESSOR_REPLAN_REQUIRED, the rule before it: see the test above
    }

    @Test
    void aGoalWithoutAnAgentTodo_asksForAFirstPlan_unlessADeferredTodoCameDueFirst() {
        Verdict v = assertDecides(ShouldRunRule.INITIAL_PLAN_REQUIRED, ask(goal(A)));
        assertTrue(v.shouldRun());
        assertNull(v.selected());
        assertTrue(ShouldRunRule.INITIAL_PLAN_REQUIRED
                .answer(ask(goal(A, new TodoSectionDeclaredEmpty("agent"))))
                .isEmpty());
        assertTrue(
                ShouldRunRule.INITIAL_PLAN_REQUIRED.answer(ask(goal(List.of()))).isEmpty());
        // AUTONOMOUS_REPLAN_REQUIRED needs an agent todo, so it never fires with this rule;
        // a deferred user todo whose condition came true does
        GoalState userDeferred = goal(A, userTodo("u1"), deferredReady("u1"));
        assertWinsOver(ShouldRunRule.SUCCESSOR_REPLAN_REQUIRED, ShouldRunRule.INITIAL_PLAN_REQUIRED, ask(userDeferred));
    }

    @Test
    void aMonitorsMaterialChange_asksToTurnItIntoWork_afterAReplanObligation() {
        GoalState s = goal(A, work("t1", ""), monitor("m1", ""), changed("m1"));
        Verdict v = assertDecides(ShouldRunRule.MONITOR_MATERIAL_CHANGE, ask(s));
        assertEquals("m1", v.selected().todoId());
        assertEquals(List.of("t1"), ids(v.candidates()));
        // INITIAL_PLAN_REQUIRED never fires with an agent monitor; a succession gap does
        GoalState gapToo = goal(A, work("t1", ""), done("t1", false), monitor("m1", ""), changed("m1"));
        assertWinsOver(ShouldRunRule.AUTONOMOUS_REPLAN_REQUIRED, ShouldRunRule.MONITOR_MATERIAL_CHANGE, ask(gapToo));
    }

    @Test
    void runnableWork_isSelectedInPriorityOrder_afterAPendingMonitorChange() {
        GoalState s = goal(A, work("t1", "a"), work("t2", ""), monitor("m1", ""));
        Verdict v = assertDecides(ShouldRunRule.NORMAL_RUN, ask(s));
        assertEquals("t1", v.selected().todoId());
        assertEquals("work on the selected todo", v.recommendedAction());
        assertEquals(List.of("t1", "t2"), ids(v.candidates()));
        Verdict unclaimed = assertDecides(ShouldRunRule.NORMAL_RUN, ask(goal(A, work("t2", ""))));
        assertEquals("claim the selected todo, then work on it", unclaimed.recommendedAction());
        GoalState changeToo = goal(A, work("t1", ""), monitor("m1", ""), changed("m1"));
        assertWinsOver(ShouldRunRule.MONITOR_MATERIAL_CHANGE, ShouldRunRule.NORMAL_RUN, ask(changeToo));
    }
}
