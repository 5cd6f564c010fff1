package dev.loopx.projections.query;

import static dev.loopx.projections.query.Asks.ask;
import static dev.loopx.projections.query.Asks.assertDecides;
import static dev.loopx.projections.query.Histories.NOW;
import static dev.loopx.projections.query.Histories.gate;
import static dev.loopx.projections.query.Histories.goal;
import static dev.loopx.projections.query.Histories.userTodo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.loopx.ledger.event.TaskLeaseAcquired;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.ShouldRun.Verdict;
import dev.loopx.projections.scheduler.SchedulerView;
import dev.loopx.projections.todo.TodoView;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Issue 36, items 4 and 8b: a lane that holds a claim (or a live lease) is sent back to it before
 * any unclaimed todo, whatever the priorities, and {@code status} names the same next todo per lane
 * as {@code quota should-run} selects; a gate scoped to another lane is counted neither in the
 * lane's frontier nor in its user summary.
 */
class LaneKeepsItsClaimTest {
    private static final List<String> AB = List.of("a", "b");

    private static TodoAdded work(String id, String priority, String claimedBy) {
        return new TodoAdded(
                id, "agent", "work " + id, "advancement_task", priority, claimedBy, "", false, List.of(), "", "");
    }

    /** {@code status}'s next todo per lane, by agent. */
    private static Map<String, String> statusNext(GoalState s) {
        return Lanes.of(s, "", NOW).lanes().stream()
                .collect(Collectors.toMap(
                        Lanes.Lane::agentId, l -> l.todo().map(TodoView::todoId).orElse("")));
    }

    /** What should-run selects for each lane, as {@code status}'s lanes and the review packet ask it. */
    private static Map<String, String> shouldRunSelects(GoalState s) {
        return LaneDecisions.of(s, "", NOW).stream()
                .collect(Collectors.toMap(
                        LaneDecisions.Lane::agentId,
                        l -> l.verdict().selected() == null
                                ? ""
                                : l.verdict().selected().todoId()));
    }

    @Test
    void aLaneHoldingAP1Claim_isSentBackToIt_beforeAnUnclaimedP0() {
        GoalState s = goal(AB, work("mine", "P1", "a"), work("free", "P0", ""));
        Verdict v = assertDecides(ShouldRunRule.NORMAL_RUN, ask(s));
        assertEquals("mine", v.selected().todoId());
        assertEquals("work on the selected todo", v.recommendedAction());
        assertEquals(
                List.of("mine", "free"),
                v.candidates().stream().map(TodoView::todoId).toList());
        // the other lane holds nothing: priority order, and it is asked to claim first
        Verdict other = assertDecides(ShouldRunRule.NORMAL_RUN, ask(s, "b", List.of()));
        assertEquals("free", other.selected().todoId());
        assertEquals(Map.of("a", "mine", "b", "free"), statusNext(s));
        assertEquals(shouldRunSelects(s), statusNext(s));
    }

    @Test
    void aLiveLeaseIsTheLanesClaim_anExpiredOneIsNot() {
        GoalState live =
                goal(AB, work("leased", "P2", ""), new TaskLeaseAcquired("leased", "a", 1440), work("free", "P0", ""));
        assertEquals(
                "leased",
                assertDecides(ShouldRunRule.NORMAL_RUN, ask(live)).selected().todoId());
        assertEquals(shouldRunSelects(live), statusNext(live));
        GoalState expired =
                goal(AB, work("leased", "P2", ""), new TaskLeaseAcquired("leased", "a", 1), work("free", "P0", ""));
        assertEquals(
                "free",
                assertDecides(ShouldRunRule.NORMAL_RUN, ask(expired)).selected().todoId());
        assertEquals(Map.of("a", "free", "b", "free"), statusNext(expired));
        assertEquals(shouldRunSelects(expired), statusNext(expired));
    }

    @Test
    void severalClaimsOfTheLane_goInPriorityThenCreationOrder_beforeUnclaimedWork() {
        GoalState s = goal(
                AB,
                work("free", "P0", ""),
                work("mine2", "P2", "a"),
                work("mine1", "P1", "a"),
                work("theirs", "P0", "b"));
        assertEquals(
                List.of("mine1", "mine2", "free"),
                TodoRules.laneWork(s, "a", List.of(), NOW).stream()
                        .map(TodoView::todoId)
                        .toList());
        assertEquals(
                List.of("theirs", "free"),
                TodoRules.laneWork(s, "b", List.of(), NOW).stream()
                        .map(TodoView::todoId)
                        .toList());
        assertEquals(shouldRunSelects(s), statusNext(s));
    }

    @Test
    void aGateScopedToAnotherLane_isInNeitherTheLanesFrontierNorItsUserSummary() {
        GoalState s = goal(AB, work("w", "P1", ""), gate("gb", "b"), userTodo("remind"));
        ShouldRunAnswer forA = answer(s, "a");
        assertEquals(1, forA.frontier().userOpen(), "the reminder only");
        assertEquals(1, forA.userTodos().openCount());
        assertEquals(0, forA.userTodos().blockingGateCount());
        ShouldRunAnswer forB = answer(s, "b");
        assertEquals(2, forB.frontier().userOpen(), "the reminder and its gate");
        assertEquals(2, forB.userTodos().openCount());
        // every lane at once (status without --agent-id): every open user todo
        assertEquals(2, Frontier.of(s, "", NOW).userOpen());
        // the goal is not terminal for the lane that does not see the gate
        assertFalse(forA.frontier().terminal());
        assertEquals("invalid", forA.frontier().userSource());
    }

    private static ShouldRunAnswer answer(GoalState s, String agent) {
        return ShouldRun.answer(
                s,
                SchedulerView.empty("g1", agent, "generic_cli"),
                new ShouldRun.Request("g1", agent, Optional.of(RuntimeProfile.GENERIC_CLI), List.of(), "", "", NOW));
    }
}
