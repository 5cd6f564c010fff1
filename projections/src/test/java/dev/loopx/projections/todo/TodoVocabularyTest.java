package dev.loopx.projections.todo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.json.RecordReader;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.Projector;
import dev.loopx.projections.goal.GoalLifecycle;
import dev.loopx.projections.store.ViewJson;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.MapViews;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A todo's role, class, priority and status are typed in the view, stored by their wire spellings,
 * and a fold never refuses a recorded spelling (issue 34): old ones mean their current value,
 * unknown ones the type's {@code UNKNOWN} (a priority: {@link Priority#NONE}).
 */
class TodoVocabularyTest {
    private static final EventCodec CODEC = new EventCodec(EventCatalog.standard());

    private static MapViews fold(LoopxEvent... events) {
        InMemoryLedger ledger = new InMemoryLedger();
        MapViews views = new MapViews();
        Projector projector = new Projector();
        long head = 0;
        for (LoopxEvent e : events) {
            var proposed =
                    CODEC.propose(e, Instant.parse("2026-01-01T00:00:00Z"), "g1", new Actor(ActorKind.OWNER, "o"), "");
            Recorded r = ledger.appendIfHead(head, List.of(proposed)).get().get(0);
            projector.apply(CODEC.decode(r), views);
            head = r.seq();
        }
        return views;
    }

    private static TodoAdded added(String id, String role, String taskClass, String priority) {
        return new TodoAdded(id, role, "work " + id, taskClass, priority, "", "", false, List.of(), "", "");
    }

    @Test
    void recordedSpellings_foldToTheirValues() {
        MapViews views = fold(
                new GoalRegistered("", "app"),
                added("t1", "agent", "advancement_task", "P2"),
                added("t2", "user", "user_gate", ""),
                new TodoUpdated("t1", "work t1", "deferred", "resume_at:2026-02-01T00:00:00Z"));
        TodoView t1 = TodoFold.todo(views, "g1", "t1").orElseThrow();
        TodoView t2 = TodoFold.todo(views, "g1", "t2").orElseThrow();
        assertEquals(TodoRole.AGENT, t1.role());
        assertEquals(TaskClass.ADVANCEMENT_TASK, t1.taskClass());
        assertEquals(Priority.P2, t1.priority());
        assertEquals(TodoStatus.DEFERRED, t1.status());
        assertTrue(t2.isUser() && t2.isUserGate() && t2.is(TodoStatus.OPEN));
        assertEquals(Priority.NONE, t2.priority());
    }

    @Test
    void theOldMonitorSpelling_foldsToAMonitor_andUnknownSpellings_areKeptAsUnknown_neverRefused() {
        MapViews views = fold(
                new GoalRegistered("", "app"),
                added("t1", "agent", "continuous_monitor", "P1"),
                added("t2", "robot", "chore", "urgent"),
                new TodoUpdated("t2", "work t2", "paused", ""));
        TodoView monitor = TodoFold.todo(views, "g1", "t1").orElseThrow();
        assertEquals(TaskClass.MONITOR_TASK, monitor.taskClass());
        TodoView odd = TodoFold.todo(views, "g1", "t2").orElseThrow();
        assertEquals(TodoRole.UNKNOWN, odd.role());
        assertEquals(TaskClass.UNKNOWN, odd.taskClass());
        assertEquals(Priority.NONE, odd.priority());
        assertEquals(TodoStatus.UNKNOWN, odd.status());
        assertFalse(odd.isUser() || odd.isAgent() || odd.done() || odd.is(TodoStatus.OPEN));
        assertEquals(List.of(monitor, odd), TodoFold.openTodos(views, "g1"), "not done: among the open ones");
        assertEquals(0, TodoFold.counts(views, "g1").done());
    }

    @Test
    void theStoredText_holdsTheWireSpellings_andReadsBackAlike_byRecordReaderAndJackson() throws Exception {
        MapViews views = fold(new GoalRegistered("", "app"), added("t1", "user", "user_action", "P0"));
        TodoView t = TodoFold.todo(views, "g1", "t1").orElseThrow();
        String text = ViewJson.canonical(t);
        assertTrue(
                text.contains("\"priority\":\"P0\",")
                        && text.contains("\"role\":\"user\",")
                        && text.contains("\"status\":\"open\",")
                        && text.contains("\"task_class\":\"user_action\","),
                text);
        TodoView fast = RecordReader.read(text, TodoView.class);
        assertNotNull(fast, "RecordReader reads the typed view");
        assertEquals(t, fast);
        assertEquals(t, Json.mapper().readValue(text, TodoView.class));
    }

    @Test
    void aStoredTextWithOldOrUnknownSpellings_readsTolerantly_byBothReaders() throws Exception {
        MapViews views = fold(new GoalRegistered("", "app"), added("t1", "agent", "monitor_task", ""));
        String text = ViewJson.canonical(TodoFold.todo(views, "g1", "t1").orElseThrow())
                .replace("\"task_class\":\"monitor_task\"", "\"task_class\":\"continuous_monitor\"")
                .replace("\"status\":\"open\"", "\"status\":\"someday\"")
                .replace("\"role\":\"agent\"", "\"role\":\"robot\"")
                .replace("\"priority\":\"\"", "\"priority\":\"high\"");
        TodoView fast = RecordReader.read(text, TodoView.class);
        TodoView jackson = Json.mapper().readValue(text, TodoView.class);
        assertEquals(jackson, fast);
        assertEquals(jackson, Documents.decode(text, TodoView.class));
        assertEquals(TaskClass.MONITOR_TASK, jackson.taskClass());
        assertEquals(TodoStatus.UNKNOWN, jackson.status());
        assertEquals(TodoRole.UNKNOWN, jackson.role());
        assertEquals(Priority.NONE, jackson.priority());
    }

    @Test
    void aGoalLifecycle_readsTolerantly() {
        assertEquals(GoalLifecycle.STOPPED, GoalLifecycle.recorded("stopped"));
        assertEquals(GoalLifecycle.ACTIVE, GoalLifecycle.recorded("active"));
        assertEquals(GoalLifecycle.ACTIVE, GoalLifecycle.recorded("dormant"), "not stopped: active, as before");
    }

    @Test
    void inputIsStrict_unknownIsNeverAcceptedAsInput() {
        assertTrue(TodoRole.fromWire("").isEmpty());
        assertTrue(TaskClass.fromWire("").isEmpty());
        assertTrue(TodoStatus.fromWire("").isEmpty());
        assertTrue(Priority.fromWire("").isEmpty());
        assertEquals(List.of(TaskClass.USER_GATE, TaskClass.USER_ACTION), TaskClass.allowedFor(TodoRole.USER));
    }
}
