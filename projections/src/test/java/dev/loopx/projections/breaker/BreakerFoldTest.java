package dev.loopx.projections.breaker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.GoalBreakerConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoReplanCheckpointed;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.Projector;
import dev.loopx.projections.query.GoalRisks;
import dev.loopx.projections.query.ReplanObligation;
import dev.loopx.projections.query.SameOutcomeLoops;
import dev.loopx.projections.view.MapViews;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Given writebacks, when folded, then view {@code breaker_lane} holds each lane's run of the same
 * non-progress evidence on one todo, and the lane (only it) is asked to replan at the limit.
 */
class BreakerFoldTest {
    private static final EventCodec CODEC = new EventCodec(EventCatalog.standard());
    private static final TodoAdded T1 = work("todo_000000000001", "a");
    private static final TodoAdded T2 = work("todo_000000000002", "");
    private static final EvidenceRecorded GAP = new EvidenceRecorded("a", "outcome_gap", "tests fail");

    private static TodoAdded work(String id, String claimedBy) {
        return new TodoAdded(
                id, "agent", "work " + id, "advancement_task", "", claimedBy, "", false, List.of(), "", "");
    }

    private static MapViews fold(LoopxEvent... events) {
        InMemoryLedger ledger = new InMemoryLedger();
        MapViews views = new MapViews();
        Projector projector = new Projector();
        long head = 0;
        List<LoopxEvent> all = new ArrayList<>(List.of(
                new GoalRegistered("", "app"), new AgentRegistered("a", ""), new AgentRegistered("b", ""), T1, T2));
        all.addAll(List.of(events));
        for (LoopxEvent e : all) {
            var proposed = CODEC.propose(
                    e,
                    Instant.parse("2026-01-01T00:00:00Z").plusSeconds(head),
                    "g1",
                    new Actor(ActorKind.OWNER, "o"),
                    "");
            Recorded r = ledger.appendIfHead(head, List.of(proposed)).get().get(0);
            projector.apply(CODEC.decode(r), views);
            head = r.seq();
        }
        return views;
    }

    private static Optional<LaneStreak> lane(String agent, LoopxEvent... events) {
        return BreakerFold.lane(fold(events), "g1", agent);
    }

    private static GoalState state(LoopxEvent... events) {
        return GoalState.load(fold(events), "g1").orElseThrow();
    }

    @Test
    void theSameEvidenceSpelledOtherwise_countsAsARepeat_onTheLanesClaimedTodo() {
        LaneStreak s = lane("a", GAP, new EvidenceRecorded("a", "outcome_gap", "  Tests   FAIL"))
                .orElseThrow();
        assertEquals(2, s.count());
        assertEquals("todo_000000000001", s.todoId());
        assertEquals(SameOutcome.digest("outcome_gap", "tests fail"), s.digest());
    }

    @Test
    void progressEndsTheRun_andAnotherOutcomeOrSummaryStartsANewOne() {
        assertTrue(lane("a", GAP, GAP, new EvidenceRecorded("a", "outcome_progress", "tests fail"))
                .isEmpty());
        assertTrue(lane("a", GAP, GAP, new EvidenceRecorded("a", "primary_goal_outcome", "done"))
                .isEmpty());
        assertEquals(
                1,
                lane("a", GAP, GAP, new EvidenceRecorded("a", "surface_only", "tests fail"))
                        .orElseThrow()
                        .count());
        assertEquals(
                1,
                lane("a", GAP, GAP, new EvidenceRecorded("a", "outcome_gap", "tests pass"))
                        .orElseThrow()
                        .count());
        assertNotEquals(SameOutcome.digest("outcome_gap", "x"), SameOutcome.digest("surface_only", "x"));
    }

    @Test
    void aWritebackAboutAnotherTodo_startsANewRun() {
        LaneStreak s = lane(
                        "a",
                        GAP,
                        GAP,
                        new TodoCompleted("todo_000000000001", "e", false, "", List.of()),
                        new TodoClaimed("todo_000000000002", "a"),
                        GAP)
                .orElseThrow();
        assertEquals(1, s.count());
        assertEquals("todo_000000000002", s.todoId());
    }

    @Test
    void theReplanIsDueAtTheLimit_forThatLaneOnly_andTheLanesCheckpointAnswersIt() {
        GoalState two = state(GAP, GAP);
        assertFalse(ReplanObligation.of(two, "a").has(ReplanObligation.SAME_OUTCOME));
        GoalState three = state(GAP, GAP, GAP);
        ReplanObligation a = ReplanObligation.of(three, "a");
        assertTrue(a.has(ReplanObligation.SAME_OUTCOME));
        assertEquals(3, a.triggers().get(0).repeat().streak());
        assertFalse(ReplanObligation.of(three, "b").required());
        assertFalse(ReplanObligation.of(three).required());
        GoalState answered = state(GAP, GAP, GAP, new TodoReplanCheckpointed("a", "other way"));
        assertFalse(ReplanObligation.of(answered, "a").required());
        assertEquals(3, answered.sameOutcomeStreak("a").orElseThrow().count());
        GoalState again = state(GAP, GAP, GAP, new TodoReplanCheckpointed("a", "other way"), GAP);
        assertTrue(ReplanObligation.of(again, "a").has(ReplanObligation.SAME_OUTCOME));
    }

    @Test
    void theLimitsArePerGoal_andAGoalThatNeverSetThemUsesThreeAndSix() {
        assertEquals(new BreakerPolicy(3, 6), state().breakerPolicy());
        GoalState s = state(new GoalBreakerConfigured(2, 4), GAP, GAP);
        assertEquals(new BreakerPolicy(2, 4), s.breakerPolicy());
        assertTrue(ReplanObligation.of(s, "a").has(ReplanObligation.SAME_OUTCOME));
    }

    @Test
    void aDoneTodo_asksNoReplan() {
        GoalState s = state(GAP, GAP, GAP, new TodoCompleted("todo_000000000001", "e", false, "", List.of()));
        assertFalse(ReplanObligation.of(s, "a").has(ReplanObligation.SAME_OUTCOME));
        assertTrue(SameOutcomeLoops.of(s).isEmpty());
    }

    @Test
    void theOwnersAnswerToAGateOfTheLane_endsTheRun() {
        TodoAdded gate =
                new TodoAdded("todo_00000000000a", "user", "gate", "user_gate", "", "", "a", false, List.of(), "", "");
        List<GoalRisks.Risk> open = SameOutcomeLoops.of(state(GAP, GAP, GAP, GAP, GAP, GAP, gate));
        assertEquals(1, open.size());
        assertEquals("same_outcome_loop", open.get(0).kind());
        assertEquals(1, open.get(0).fixes().size());
        assertTrue(lane(
                        "a",
                        GAP,
                        GAP,
                        GAP,
                        GAP,
                        GAP,
                        GAP,
                        gate,
                        new TodoCompleted("todo_00000000000a", "ok", false, "approve", List.of()))
                .isEmpty());
    }

    @Test
    void aDueReplan_isASameOutcomeLoopRisk_withACheckpointAsItsFix() {
        List<GoalRisks.Risk> risks = SameOutcomeLoops.of(state(GAP, GAP, GAP));
        assertEquals(1, risks.size());
        assertTrue(
                risks.get(0).detail().startsWith("lane a: 3 writebacks in a row"),
                risks.get(0).detail());
        assertTrue(SameOutcomeLoops.of(state(GAP, GAP)).isEmpty());
    }
}
