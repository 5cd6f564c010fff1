package dev.loopx.projections.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.MonitorPolled;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoMonitorConfigured;
import dev.loopx.ledger.event.TodoReplanCheckpointed;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.Projector;
import dev.loopx.projections.view.MapViews;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Given monitor events, when folded, then views {@code todo_monitor} and {@code monitor_goal} hold what the rules read. */
class MonitorFoldTest {
    private static final EventCodec CODEC = new EventCodec(EventCatalog.standard());
    private static final String M = "todo_000000000001";

    private static MapViews fold(LoopxEvent... events) {
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
        return views;
    }

    private static TodoAdded todo(String id, String taskClass) {
        return new TodoAdded(id, "agent", "t " + id, taskClass, "", "", "", false, List.of(), "", "");
    }

    private static MonitorPolled poll(boolean change) {
        return new MonitorPolled(M, "", "abcdef01", change, 30, "2026-01-01T01:00:00Z", "");
    }

    private static MonitorView monitor(MapViews views) {
        return MonitorFold.monitor(views, "g1", M).orElseThrow();
    }

    @Test
    void aGoalWithoutMonitorSettingsOrPollsGetsNoRows() {
        MapViews views = fold(
                new GoalRegistered("", "app"), todo(M, "monitor_task"), todo("todo_000000000002", "advancement_task"));
        assertTrue(MonitorFold.monitor(views, "g1", M).isEmpty());
        assertEquals(MonitorGoal.NONE, MonitorFold.goal(views, "g1"));
        assertTrue(views.list(MonitorFold.GOAL_VIEW, "").isEmpty(), "no monitor_goal row");
    }

    @Test
    void settingsAreKept() {
        MonitorView m = monitor(fold(
                new GoalRegistered("", "app"),
                todo(M, "monitor_task"),
                new TodoMonitorConfigured(M, "ci-main", 45, "2026-01-01T02:00:00Z", "2026-01-09T00:00:00Z", true)));
        assertTrue(m.configured());
        assertEquals("ci-main", m.targetKey());
        assertEquals(45, m.cadenceMinutes());
        assertEquals("2026-01-01T02:00:00Z", m.nextDueAt());
        assertEquals("2026-01-09T00:00:00Z", m.expiresAt());
        assertTrue(m.watchOnly());
        assertEquals(0, m.polls());
    }

    @Test
    void unchangedPollsCountUntilAMaterialChange() {
        MonitorView m = monitor(fold(new GoalRegistered("", "app"), todo(M, "monitor_task"), poll(false), poll(false)));
        assertEquals(2, m.consecutiveNoChange());
        assertEquals(2, m.streakSince(0));
        assertEquals("2026-01-01T01:00:00Z", m.nextDueAt());
        assertEquals("2026-01-01T00:00:03.000Z", m.lastPolledAt(), "the envelope's recorded_at");
        assertFalse(m.configured(), "a poll alone does not configure");
        MonitorView changed = monitor(
                fold(new GoalRegistered("", "app"), todo(M, "monitor_task"), poll(false), poll(false), poll(true)));
        assertEquals(0, changed.consecutiveNoChange());
        assertEquals(5, changed.lastMaterialChangeSeq());
        assertEquals(3, changed.polls());
    }

    @Test
    void aCheckpointRestartsTheStreakButNotTheCadenceCount() {
        MapViews views = fold(
                new GoalRegistered("", "app"),
                todo(M, "monitor_task"),
                poll(false),
                poll(false),
                new TodoReplanCheckpointed("", "keep watching"));
        MonitorView m = monitor(views);
        assertEquals(0, m.streakSince(5), "the checkpoint at seq 5 is newer than the count");
        MonitorView after = monitor(fold(
                new GoalRegistered("", "app"),
                todo(M, "monitor_task"),
                poll(false),
                poll(false),
                new TodoReplanCheckpointed("", "keep watching"),
                poll(false)));
        assertEquals(3, after.consecutiveNoChange());
        assertEquals(1, after.streakSince(5));
    }

    @Test
    void anAdvancementTodoAddedAfterTheGoalHasMonitorRowsIsRemembered() {
        MapViews views = fold(
                new GoalRegistered("", "app"),
                todo(M, "monitor_task"),
                poll(true),
                todo("todo_000000000002", "monitor_task"),
                todo("todo_000000000003", "advancement_task"));
        assertEquals(5, MonitorFold.goal(views, "g1").lastAdvancementAddedSeq());
    }
}
