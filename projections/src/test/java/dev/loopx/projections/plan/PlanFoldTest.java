package dev.loopx.projections.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.GoalReplanPolicyConfigured;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoReplanCheckpointed;
import dev.loopx.ledger.event.TodoSectionsDeclared;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.Projector;
import dev.loopx.projections.view.MapViews;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Given events, when folded, then view {@code goal_plan} holds what the replan obligation reads. */
class PlanFoldTest {
    private static final EventCodec CODEC = new EventCodec(EventCatalog.standard());

    private static PlanView fold(LoopxEvent... events) {
        InMemoryLedger ledger = new InMemoryLedger();
        MapViews views = new MapViews();
        Projector projector = new Projector();
        long head = 0;
        for (LoopxEvent e : events) {
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
        return PlanFold.plan(views, "g1");
    }

    private static TodoAdded work(String id, String taskClass) {
        return new TodoAdded(id, "agent", "work " + id, taskClass, "", "", "", false, List.of(), "", "");
    }

    @Test
    void aGoalWithoutPlanFactsReadsTheDefaults() {
        assertEquals(PlanView.NONE, fold(new GoalRegistered("", "app")));
        assertEquals(5, PlanView.NONE.replanAfterCompletedTodos());
    }

    @Test
    void declaredSectionsAndPolicyAreKept() {
        PlanView p = fold(
                new GoalRegistered("", "app"),
                new TodoSectionsDeclared(List.of("user", "agent")),
                new GoalReplanPolicyConfigured(3));
        assertEquals(List.of("agent", "user"), p.declaredSections());
        assertEquals(3, p.replanAfterCompletedTodos());
    }

    @Test
    void completionsCountUntilACheckpoint_andOnlyAdvancementTodosCount() {
        PlanView p = fold(
                new GoalRegistered("", "app"),
                work("t1", "advancement_task"),
                new TodoCompleted("t1", "e", false, "", List.of()),
                work("m1", "continuous_monitor"),
                new TodoCompleted("m1", "e", false, "", List.of()),
                work("t2", "advancement_task"),
                new TodoCompleted("t2", "e", false, "", List.of()));
        assertEquals(2, p.completedSinceCheckpoint());
        assertEquals("t2", p.lastCompletedTodoId());
        assertFalse(p.lastCompletedNoFollowup());
        PlanView after = fold(
                new GoalRegistered("", "app"),
                work("t1", "advancement_task"),
                new TodoCompleted("t1", "e", false, "", List.of()),
                new TodoReplanCheckpointed("a", "replanned"));
        assertEquals(0, after.completedSinceCheckpoint());
        assertEquals(4, after.lastCheckpointSeq());
    }

    @Test
    void aSettlementClosesTheLastCompletionWithoutCountingAgain() {
        PlanView p = fold(
                new GoalRegistered("", "app"),
                work("t1", "advancement_task"),
                new TodoCompleted("t1", "e", false, "", List.of()),
                new TodoCompleted("t1", "nothing follows", true, "", List.of()));
        assertTrue(p.lastCompletedNoFollowup());
        assertEquals(1, p.completedSinceCheckpoint());
    }
}
