package dev.loopx.projections.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.OperationRecorded;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.Projector;
import dev.loopx.projections.TodoHistories;
import dev.loopx.projections.view.MapViews;
import dev.loopx.projections.view.Views;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A repeated operation id is answered from the ledger: the idempotency index names candidate
 * events, and only those that carry the id (or, for {@code operation.recorded}, name it) make
 * the receipt — whatever else shares the id's hash.
 */
class OperationReceiptTest {
    /** seq 1–2: op A (a todo, its record); 3–4: op B (a todo, a record naming C); 5: no operation id. */
    private static List<Decoded> history() {
        InMemoryLedger ledger = new InMemoryLedger();
        append(ledger, todo("t1"), "A");
        append(ledger, new OperationRecorded("A", "sha-a", "todo add"), "A");
        append(ledger, todo("t2"), "B");
        append(ledger, new OperationRecorded("C", "sha-c", "odd"), "B");
        append(ledger, todo("t3"), "");
        return TodoHistories.decoded(ledger);
    }

    private static TodoAdded todo(String id) {
        return new TodoAdded(id, "agent", "work", "advancement_task", "P1", "", "", false, List.of(), "", "");
    }

    private static void append(InMemoryLedger ledger, LoopxEvent event, String operationId) {
        long head = ledger.head().seq();
        ledger.appendIfHead(
                        head,
                        List.of(TodoHistories.CODEC.propose(
                                event,
                                Instant.parse("2026-01-01T00:00:00Z").plusSeconds(head),
                                "g1",
                                new Actor(ActorKind.AGENT, "a1"),
                                operationId)))
                .get();
    }

    /** The ledger read the runtime does: asked for ascending, distinct seqs only. */
    private static Function<List<Long>, List<Decoded>> reader(List<Decoded> history, List<List<Long>> asked) {
        return seqs -> {
            asked.add(seqs);
            assertEquals(seqs.stream().distinct().sorted().toList(), seqs, "ascending, distinct");
            return seqs.stream().map(seq -> history.get((int) (seq - 1))).toList();
        };
    }

    @Test
    void theReceiptIsTheEventsThatCarryTheId() {
        List<Decoded> history = history();
        MapViews views = new MapViews();
        history.forEach(d -> new Projector().apply(d, views));
        List<List<Long>> asked = new ArrayList<>();
        OperationView a =
                AuditFold.operation(views, "A", reader(history, asked)).orElseThrow();
        assertEquals(List.of(1L, 2L), a.eventSeqs());
        assertEquals(
                List.of(
                        history.get(0).envelope().eventId(),
                        history.get(1).envelope().eventId()),
                a.eventIds());
        assertEquals(List.of("todo.added", "operation.recorded"), a.eventTypes());
        assertEquals("sha-a", a.intentSha256());
        assertEquals("todo add", a.command());
        assertEquals(List.of(List.of(1L, 2L)), asked, "only the indexed events are read");
        OperationView b =
                AuditFold.operation(views, "B", reader(history, asked)).orElseThrow();
        assertEquals(List.of(3L, 4L), b.eventSeqs());
        assertEquals("", b.intentSha256(), "its record names another id: no repeat of B matches");
        OperationView c =
                AuditFold.operation(views, "C", reader(history, asked)).orElseThrow();
        assertEquals(List.of(), c.eventSeqs());
        assertEquals("sha-c", c.intentSha256());
        assertEquals("g1", c.goalId());
        asked.clear();
        assertEquals(Optional.empty(), AuditFold.operation(views, "D", reader(history, asked)));
        assertTrue(asked.isEmpty(), "an unknown id reads nothing from the ledger");
    }

    /** Every id "collides" with every other: the index answers with every seq it holds, and more. */
    @Test
    void eventsThatOnlyShareTheHashAreLeftOut() {
        List<Decoded> history = history();
        MapViews inner = new MapViews();
        history.forEach(d -> new Projector().apply(d, inner));
        Views colliding = new Views() { // only the index is asked
                    @Override
                    public Optional<JsonNode> get(String view, String key) {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public void put(String view, String key, JsonNode document) {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public void remove(String view, String key) {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public List<JsonNode> list(String view, String prefix) {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public List<JsonNode> range(String view, String from, String to) {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public List<Long> operationEventSeqs(String operationId) {
                        return List.of(5L, 4L, 3L, 2L, 1L, 2L); // unordered, repeated: the fold sorts and drops repeats
                    }
                };
        List<List<Long>> asked = new ArrayList<>();
        assertEquals(
                AuditFold.operation(inner, "A", reader(history, asked)),
                AuditFold.operation(colliding, "A", reader(history, asked)));
        assertEquals(
                List.of(3L, 4L),
                AuditFold.operation(colliding, "B", reader(history, asked))
                        .orElseThrow()
                        .eventSeqs());
        assertEquals(Optional.empty(), AuditFold.operation(colliding, "D", reader(history, asked)));
    }
}
