package dev.loopx.commands.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.goal.GoalDecider;
import dev.loopx.commands.quota.QuotaCommands.RecordEvidence;
import dev.loopx.commands.todo.TodoCommands.Checkpoint;
import dev.loopx.commands.todo.TodoDecider;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.GoalBreakerConfigured;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoReplanCheckpointed;
import dev.loopx.projections.GoalState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The same-outcome breaker's write side: the owner gate opens in the writeback's own append at
 * {@code same_outcome_gate_after}, scoped to the lane, once per run; a checkpoint of the lane is
 * accepted while its replan is due; the limits are validated.
 */
class SameOutcomeGateTest {
    private static final String G = "g1";
    private static final List<String> AGENTS = List.of("a", "b");
    private static final TodoAdded WORK = new TodoAdded(
            "todo_000000000001", "agent", "build it", "advancement_task", "", "a", "", false, List.of(), "", "");
    private static final EvidenceRecorded GAP = new EvidenceRecorded("a", "outcome_gap", "tests fail");
    private static final RecordEvidence AGAIN = new RecordEvidence(G, "a", "outcome_gap", "Tests  FAIL ");

    private static LoopxEvent[] history(LoopxEvent... more) {
        List<LoopxEvent> events = new ArrayList<>(List.of(WORK));
        events.addAll(List.of(more));
        return events.toArray(LoopxEvent[]::new);
    }

    private static List<LoopxEvent> decide(RecordEvidence c, LoopxEvent... more) {
        return Scenario.givenGoalWithAgents(G, AGENTS, history(more))
                .compute(views -> QuotaDecider.decide(c, GoalState.load(views, G)))
                .get();
    }

    @Test
    void theSixthSameWritebackInARow_opensAnOwnerGateScopedToTheLane() {
        List<LoopxEvent> events = decide(AGAIN, GAP, GAP, GAP, GAP, GAP);
        assertEquals(2, events.size());
        assertEquals(new EvidenceRecorded("a", "outcome_gap", "Tests  FAIL "), events.get(0));
        TodoAdded gate = (TodoAdded) events.get(1);
        assertEquals("user", gate.role());
        assertEquals("user_gate", gate.taskClass());
        assertEquals("a", gate.blocksAgent());
        assertTrue(gate.text().contains("todo_000000000001"), gate.text());
    }

    @Test
    void theFifthSameWriteback_opensNoGate() {
        assertEquals(1, decide(AGAIN, GAP, GAP, GAP, GAP).size());
    }

    @Test
    void progressInBetween_startsTheCountAgain() {
        EvidenceRecorded progress = new EvidenceRecorded("a", "outcome_progress", "tests fail");
        assertEquals(1, decide(AGAIN, GAP, GAP, GAP, progress, GAP).size());
    }

    @Test
    void anotherLanesWritebacks_doNotCountForThisLane() {
        EvidenceRecorded other = new EvidenceRecorded("b", "outcome_gap", "tests fail");
        assertEquals(1, decide(AGAIN, GAP, GAP, other, other, other).size());
    }

    @Test
    void aRepeatWhileTheLanesGateIsOpen_opensNoSecondGate() {
        List<LoopxEvent> first = decide(AGAIN, GAP, GAP, GAP, GAP, GAP);
        List<LoopxEvent> more = new ArrayList<>(List.of(GAP, GAP, GAP, GAP, GAP));
        more.addAll(first);
        assertEquals(1, decide(AGAIN, more.toArray(LoopxEvent[]::new)).size());
    }

    @Test
    void theOwnersAnswer_endsTheRun() {
        List<LoopxEvent> first = decide(AGAIN, GAP, GAP, GAP, GAP, GAP);
        String gate = ((TodoAdded) first.get(1)).todoId();
        List<LoopxEvent> more = new ArrayList<>(List.of(GAP, GAP, GAP, GAP, GAP));
        more.addAll(first);
        more.add(new TodoCompleted(gate, "go on", false, "approve", List.of()));
        more.addAll(List.of(GAP, GAP, GAP, GAP));
        assertEquals(1, decide(AGAIN, more.toArray(LoopxEvent[]::new)).size());
        more.add(GAP);
        assertEquals(2, decide(AGAIN, more.toArray(LoopxEvent[]::new)).size());
    }

    @Test
    void aConfiguredGateLimit_isTheOneThatCounts() {
        List<LoopxEvent> events = decide(AGAIN, new GoalBreakerConfigured(2, 3), GAP, GAP);
        assertEquals(2, events.size());
    }

    @Test
    void aCheckpointOfTheLane_isAcceptedWhileItsReplanIsDue_andChangesNothingOtherwise() {
        Checkpoint checkpoint = new Checkpoint(G, "a", "try another way");
        Scenario.givenGoalWithAgents(G, AGENTS, history(GAP, GAP, GAP))
                .when(views -> TodoDecider.decide(checkpoint, GoalState.load(views, G)))
                .thenEvents(new TodoReplanCheckpointed("a", "try another way"));
        Scenario.givenGoalWithAgents(G, AGENTS, history(GAP, GAP))
                .when(views -> TodoDecider.decide(checkpoint, GoalState.load(views, G)))
                .thenNothingChanged();
        Scenario.givenGoalWithAgents(G, AGENTS, history(GAP, GAP, GAP))
                .when(views -> TodoDecider.decide(new Checkpoint(G, "b", "x"), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void limits_areRecordedOnlyWhenChanged_andTheGateMustComeAfterTheReplan() {
        assertEquals(
                List.of(new GoalBreakerConfigured(2, 4)),
                GoalDecider.decideBreaker(2, 4, 3, 6).get());
        assertEquals(List.of(), GoalDecider.decideBreaker(3, 6, 3, 6).get());
        assertEquals(
                new Rejection.SameOutcomeLimitsOutOfOrder(5, 5),
                GoalDecider.decideBreaker(5, 5, 3, 6).getLeft());
    }
}
