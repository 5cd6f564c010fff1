package dev.loopx.projections.todo;

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
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoArchived;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.Projector;
import dev.loopx.projections.view.MapViews;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Given events, when folded, then {@code todo.archived} moves only done todos to view {@code todo_archived}. */
class TodoArchiveFoldTest {
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

    private static TodoAdded work(String id) {
        return new TodoAdded(id, "agent", "work " + id, "advancement_task", "", "", "", false, List.of(), "", "");
    }

    @Test
    void aDoneTodo_movesToTheArchivedView_keepsItsUpdatedSeq_andIsCounted() {
        MapViews views = fold(
                new GoalRegistered("", "app"),
                work("t1"),
                new TodoCompleted("t1", "shipped", true, "", List.of(), "make check"),
                new TodoArchived("", List.of("t1")));
        TodoView t = TodoFold.todo(views, "g1", "t1").orElseThrow();
        assertEquals(4, t.archivedSeq());
        assertEquals(3, t.updatedSeq(), "archiving changes no work");
        assertEquals("make check", t.validationCommand());
        assertTrue(TodoFold.todos(views, "g1").isEmpty(), "out of the default list");
        assertEquals(List.of(t), TodoFold.archivedTodos(views, "g1"));
        assertTrue(views.get(TodoFold.VIEW, "g1/t1").isEmpty());
        assertEquals(new TodoCounts(1, 0, 1, 1, 1), TodoFold.counts(views, "g1"));
    }

    @Test
    void anOpenTodo_orAnUnknownId_namedByAnArchive_isLeftAsItIs() {
        MapViews views = fold(new GoalRegistered("", "app"), work("t1"), new TodoArchived("", List.of("t1", "nope")));
        TodoView t = TodoFold.todo(views, "g1", "t1").orElseThrow();
        assertFalse(t.archived());
        assertEquals(List.of(t), TodoFold.openTodos(views, "g1"));
        assertEquals(TodoCounts.NONE, TodoFold.counts(views, "g1"));
    }

    @Test
    void archivingTwice_keepsTheFirstArchiveSeq_andASettlementKeepsTheTodoArchived() {
        MapViews views = fold(
                new GoalRegistered("", "app"),
                work("t1"),
                new TodoCompleted("t1", "shipped", false, "", List.of()),
                new TodoArchived("", List.of("t1")),
                new TodoArchived("", List.of("t1")),
                new TodoCompleted("t1", "shipped", true, "", List.of()));
        TodoView t = TodoFold.todo(views, "g1", "t1").orElseThrow();
        assertEquals(4, t.archivedSeq());
        assertTrue(t.noFollowup());
        assertTrue(views.get(TodoFold.VIEW, "g1/t1").isEmpty());
        assertEquals(new TodoCounts(1, 0, 1, 1, 1), TodoFold.counts(views, "g1"));
    }
}
