package dev.loopx.projections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.audit.AuditFold;
import dev.loopx.projections.goal.GoalFold;
import dev.loopx.projections.goal.GoalView;
import dev.loopx.projections.memory.InMemoryProjectionStore;
import dev.loopx.projections.quota.QuotaFold;
import dev.loopx.projections.todo.TodoFold;
import dev.loopx.projections.view.OperationIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link ProjectionStore} promises, over real events ({@link StoreHistory}: two
 * goals whose rows are written, rewritten and removed, in ranged and point views and the
 * idempotency index). Subclasses supply new stores. What the views must hold is the fold of the
 * same events into an {@link InMemoryProjectionStore}, one event at a time: a store kept up in
 * batches of any size, a rebuilt one and the in-memory one give one canonical dump. Slightly over
 * 300 lines on purpose: the port's whole contract reads in one place, as {@code LedgerContract}'s.
 */
public abstract class ProjectionStoreContract {
    protected static final List<Decoded> HISTORY = StoreHistory.decoded();
    private static final Projector PROJECTOR = new Projector();
    private static final String EMPTY_DUMP = "{\"checkpoint\":{\"hash\":\"" + Head.GENESIS_HASH + "\",\"seq\":0},"
            + "\"projection_schema_version\":%d,\"schema_version\":\"loopx_projection_dump_v0\",\"views\":{}}\n";
    private static final List<String> POINT_VIEWS =
            List.of(AuditFold.GATE_VIEW, AuditFold.REWARD_VIEW, QuotaFold.SPEND_VIEW, QuotaFold.WRITEBACK_VIEW);
    private final List<ProjectionStore> open = new ArrayList<>();

    /** A new, empty store with storage of its own (each call another one). */
    protected abstract ProjectionStore newStore() throws Exception;

    /** Stamps a new store with the schema version it is built with (the implementation's own {@code initialise}). */
    protected abstract void initialise(ProjectionStore store, int schemaVersion);

    /**
     * The storage of {@code store} opened again, as the next process would (a persistent store is
     * closed first); an in-memory store returns itself.
     */
    protected abstract ProjectionStore reopen(ProjectionStore store) throws Exception;

    @AfterEach
    void closeStores() {
        open.forEach(ProjectionStore::close);
        open.clear();
    }

    private ProjectionStore emptyStore() throws Exception {
        ProjectionStore store = newStore();
        open.add(store);
        return store;
    }

    /** A new store stamped with the current schema version, as the runtime opens and rebuilds them. */
    private ProjectionStore store() throws Exception {
        ProjectionStore store = emptyStore();
        initialise(store, Projector.SCHEMA_VERSION);
        return store;
    }

    private ProjectionStore reopened(ProjectionStore store) throws Exception {
        open.remove(store);
        ProjectionStore again = reopen(store);
        open.add(again);
        return again;
    }

    private static List<Decoded> events(int from, int to) {
        return HISTORY.subList(from, to);
    }

    private static void applyInBatches(ProjectionStore store, List<Decoded> events, int size) {
        for (int from = 0; from < events.size(); from += size) {
            store.apply(events.subList(from, Math.min(events.size(), from + size)), PROJECTOR);
        }
    }

    /** The ledger head once the first {@code count} events are in. */
    private static Head headAfter(int count) {
        Decoded last = HISTORY.get(count - 1);
        return new Head(last.seq(), last.envelope().hash());
    }

    /** What a store holds after the first {@code count} events: their fold, one event at a time, in memory. */
    private static InMemoryProjectionStore reference(int count) {
        InMemoryProjectionStore reference = new InMemoryProjectionStore();
        reference.initialise(Projector.SCHEMA_VERSION);
        applyInBatches(reference, events(0, count), 1);
        return reference;
    }

    private static List<String> canonical(List<JsonNode> documents) {
        return documents.stream().map(CanonicalJson::string).toList();
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<String> sorted(List<String> keys) {
        return keys.stream().sorted().toList();
    }

    @Test
    void aNewStoreHasNoCheckpointNoViewsAndSchemaVersionZeroUntilStamped() throws Exception {
        ProjectionStore store = emptyStore();
        assertEquals(Head.EMPTY, store.checkpoint());
        assertEquals(0, store.schemaVersion());
        assertEquals(Optional.empty(), store.get(GoalFold.VIEW, "g1"));
        assertEquals(List.of(), store.list(TodoFold.OPEN_VIEW, ""));
        assertEquals(List.of(), store.keys(GoalFold.VIEW));
        assertEquals(List.of(), store.operationEventSeqs("op-0"));
        assertEquals(EMPTY_DUMP.formatted(0), store.canonicalDump());
        initialise(store, Projector.SCHEMA_VERSION);
        assertEquals(Projector.SCHEMA_VERSION, store.schemaVersion());
        assertEquals(Head.EMPTY, store.checkpoint(), "stamping moves no checkpoint");
        assertEquals(EMPTY_DUMP.formatted(Projector.SCHEMA_VERSION), store.canonicalDump());
    }

    @Test
    void applyMovesTheCheckpointToTheLastEventOfEachBatch() throws Exception {
        ProjectionStore store = store();
        store.apply(events(0, 10), PROJECTOR);
        assertEquals(headAfter(10), store.checkpoint());
        store.apply(events(10, 25), PROJECTOR);
        assertEquals(headAfter(25), store.checkpoint());
        store.apply(List.of(), PROJECTOR);
        assertEquals(headAfter(25), store.checkpoint(), "an empty batch changes nothing");
        assertEquals(Projector.SCHEMA_VERSION, store.schemaVersion(), "applying keeps the schema version");
        assertEquals(reference(25).canonicalDump(), store.canonicalDump());
    }

    @Test
    void aBatchThatDoesNotContinueTheCheckpointIsRefusedAndChangesNeitherViewsNorCheckpoint() throws Exception {
        ProjectionStore store = store();
        store.apply(events(0, 20), PROJECTOR);
        String before = store.canonicalDump();
        LedgerException gap = assertThrows(LedgerException.class, () -> store.apply(events(21, 30), PROJECTOR));
        assertEquals("projection_diverged", gap.errorCode());
        List<Decoded> otherLedger = StoreHistory.decoded(Instant.parse("2027-01-01T00:00:00Z"));
        LedgerException fork =
                assertThrows(LedgerException.class, () -> store.apply(otherLedger.subList(20, 30), PROJECTOR));
        assertEquals("projection_diverged", fork.errorCode(), "seq 21 of another chain");
        assertEquals(headAfter(20), store.checkpoint());
        assertEquals(before, store.canonicalDump(), "a refused batch writes no view");
        ProjectionStore reopened = reopened(store);
        assertEquals(before, reopened.canonicalDump(), "stored: the views and checkpoint of whole batches only");
        reopened.apply(events(20, HISTORY.size()), PROJECTOR);
        assertEquals(
                reference(HISTORY.size()).canonicalDump(),
                reopened.canonicalDump(),
                "a refusal leaves the store usable");
    }

    @Test
    void eventsAtOrBeforeTheCheckpointAreAppliedOnlyOnce() throws Exception {
        ProjectionStore store = store();
        store.apply(events(0, 30), PROJECTOR);
        store.apply(events(10, 50), PROJECTOR); // 11..30 are in already (two catch-ups at once)
        assertEquals(headAfter(50), store.checkpoint());
        String once = store.canonicalDump();
        assertEquals(reference(50).canonicalDump(), once);
        store.apply(events(0, 50), PROJECTOR);
        assertEquals(headAfter(50), store.checkpoint());
        assertEquals(once, store.canonicalDump(), "a batch of old events changes nothing");
    }

    @Test
    void theDumpIsTheSameForTheSameEventsWhateverTheBatches() throws Exception {
        String expected = reference(HISTORY.size()).canonicalDump();
        ProjectionStore whole = store();
        whole.apply(HISTORY, PROJECTOR);
        assertEquals(expected, whole.canonicalDump(), "one batch");
        assertEquals(expected, whole.canonicalDump(), "a dump changes nothing");
        ProjectionStore single = store();
        applyInBatches(single, HISTORY, 1);
        assertEquals(expected, single.canonicalDump(), "one event per batch");
        ProjectionStore split = store();
        Random random = new Random(17);
        for (int from = 0, to; from < HISTORY.size(); from = to) {
            to = Math.min(HISTORY.size(), from + 1 + random.nextInt(40));
            split.apply(HISTORY.subList(from, to), PROJECTOR);
        }
        assertEquals(expected, split.canonicalDump(), "batches of random sizes");
        ProjectionStore asked = store();
        for (int from = 0; from < HISTORY.size(); from += 23) {
            asked.apply(HISTORY.subList(from, Math.min(HISTORY.size(), from + 23)), PROJECTOR);
            assertFalse(asked.keys(GoalFold.VIEW).isEmpty());
            assertFalse(asked.list(TodoFold.OPEN_VIEW, "").isEmpty());
            asked.canonicalDump();
        }
        assertEquals(expected, asked.canonicalDump(), "questions in key order between the batches");
    }

    @Test
    void theDumpIsCanonicalJsonOfSchemaVersionCheckpointAndEveryDocument() throws Exception {
        ProjectionStore store = store();
        applyInBatches(store, HISTORY, 50);
        String dump = store.canonicalDump();
        assertEquals(dump.length() - 1, dump.indexOf('\n'), "one line, ended by a newline");
        JsonNode tree = Json.mapper().readTree(dump);
        assertEquals(CanonicalJson.string(tree) + "\n", dump, "sorted keys, one number form");
        assertEquals("loopx_projection_dump_v0", tree.get("schema_version").asText());
        assertEquals(
                Projector.SCHEMA_VERSION, tree.get("projection_schema_version").asInt());
        assertEquals(
                headAfter(HISTORY.size()),
                new Head(
                        tree.at("/checkpoint/seq").asLong(),
                        tree.at("/checkpoint/hash").asText()));
        JsonNode views = tree.get("views");
        List<String> names = fieldNames(views);
        assertTrue(names.containsAll(POINT_VIEWS), names.toString());
        assertTrue(
                names.containsAll(List.of(GoalFold.VIEW, TodoFold.VIEW, TodoFold.OPEN_VIEW, OperationIndex.VIEW)),
                names.toString());
        for (String view : names) {
            if (view.equals(OperationIndex.VIEW)) {
                continue; // a store may keep it in a table of its own: asked by operation id below
            }
            assertEquals(fieldNames(views.get(view)), store.keys(view), view + ": the dump's keys are keys(view)");
            for (String key : fieldNames(views.get(view))) {
                assertEquals(
                        CanonicalJson.string(views.get(view).get(key)),
                        CanonicalJson.string(store.get(view, key).orElseThrow()),
                        view + "/" + key);
            }
        }
        int entries = 0;
        for (int round = 0; round < StoreHistory.ROUNDS; round++) {
            String operationId = StoreHistory.operationId(round);
            if (!operationId.isEmpty()) {
                List<Long> seqs = StoreHistory.operationSeqs(HISTORY, operationId);
                assertEquals(seqs, store.operationEventSeqs(operationId), operationId);
                entries += seqs.size();
            }
        }
        assertEquals(entries, views.get(OperationIndex.VIEW).size(), "one document per indexed event and id");
    }

    @Test
    void keysAreEveryKeyOfTheViewInKeyOrder() throws Exception {
        ProjectionStore store = store();
        applyInBatches(store, HISTORY, 40);
        List<String> open = new ArrayList<>();
        List<String> done = new ArrayList<>();
        for (int round = 0; round < StoreHistory.ROUNDS; round++) {
            (StoreHistory.open(round) ? open : done).add(StoreHistory.goalOf(round) + "/t" + round);
        }
        assertEquals(sorted(open), store.keys(TodoFold.OPEN_VIEW), "a completed todo's row left todo_open");
        assertEquals(sorted(done), store.keys(TodoFold.VIEW));
        assertEquals(StoreHistory.GOALS, store.keys(GoalFold.VIEW));
        for (String view : POINT_VIEWS) {
            List<String> keys = store.keys(view);
            assertFalse(keys.isEmpty(), view);
            assertEquals(sorted(keys), keys, view + ": in key order");
            assertEquals(keys.size(), new HashSet<>(keys).size(), view + ": each key once");
        }
        assertEquals(
                HISTORY.stream().filter(d -> d.event() instanceof GateDecided).count(),
                store.keys(AuditFold.GATE_VIEW).size(),
                "a row per gate");
        assertEquals(List.of(), store.keys("no_such_view"));
    }

    @Test
    void pointLookupsListsAndRangesAnswerWhatTheBatchesFolded() throws Exception {
        ProjectionStore store = store();
        applyInBatches(store, HISTORY, 17);
        InMemoryProjectionStore reference = reference(HISTORY.size());
        for (String goal : StoreHistory.GOALS) {
            assertTrue(Projector.goal(store, goal).isPresent(), goal);
            assertEquals(Projector.goal(reference, goal), Projector.goal(store, goal), goal);
            assertEquals(TodoFold.todos(reference, goal), TodoFold.todos(store, goal), goal);
            assertEquals(AuditFold.log(reference, goal), AuditFold.log(store, goal), goal);
        }
        for (String view : POINT_VIEWS) {
            for (String key : reference.keys(view)) {
                assertEquals(
                        reference.get(view, key).map(CanonicalJson::string),
                        store.get(view, key).map(CanonicalJson::string),
                        view + "/" + key);
            }
        }
        assertEquals(canonical(reference.list(TodoFold.VIEW, "g1/")), canonical(store.list(TodoFold.VIEW, "g1/")));
        assertEquals(
                canonical(reference.list(QuotaFold.SPEND_VIEW, "g2/")),
                canonical(store.list(QuotaFold.SPEND_VIEW, "g2/")));
        List<String> done = reference.keys(TodoFold.VIEW);
        String from = done.get(3);
        String to = done.get(9);
        assertEquals(6, store.range(TodoFold.VIEW, from, to).size(), "from inclusive, to exclusive");
        assertEquals(
                canonical(reference.range(TodoFold.VIEW, from, to)), canonical(store.range(TodoFold.VIEW, from, to)));
        assertEquals(List.of(), store.range(TodoFold.VIEW, to, from));
        assertEquals(Optional.empty(), store.get(TodoFold.OPEN_VIEW, "g1/t0"), "a completed todo's open row is gone");
        assertTrue(store.get(TodoFold.VIEW, "g1/t0").isPresent());
        assertEquals(Optional.empty(), store.get(GoalFold.VIEW, "g3"));
        assertEquals(Optional.empty(), store.read(GoalFold.VIEW, "g3", GoalView.class));
        assertEquals(List.of(), store.operationEventSeqs("op-never"));
    }

    @Test
    void closingAndReopeningKeepsEveryAppliedBatchTheCheckpointAndTheSchemaVersion() throws Exception {
        ProjectionStore store = store();
        applyInBatches(store, events(0, 100), 30); // nothing asked before the close
        ProjectionStore reopened = reopened(store);
        assertEquals(headAfter(100), reopened.checkpoint());
        assertEquals(Projector.SCHEMA_VERSION, reopened.schemaVersion());
        assertEquals(reference(100).canonicalDump(), reopened.canonicalDump());
        reopened.apply(events(100, HISTORY.size()), PROJECTOR);
        assertEquals(
                reference(HISTORY.size()).canonicalDump(),
                reopened.canonicalDump(),
                "a reopened store goes on from its checkpoint");
    }

    @Test
    void aClosedStoreAnswersNoMoreQuestionsAboutItsState() throws Exception {
        ProjectionStore store = store();
        store.apply(events(0, 40), PROJECTOR);
        open.remove(store);
        store.close();
        assertThrows(RuntimeException.class, store::checkpoint);
        assertThrows(RuntimeException.class, store::schemaVersion);
        assertThrows(RuntimeException.class, store::canonicalDump);
    }
}
