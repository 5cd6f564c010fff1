package dev.loopx.projections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.store.ProjectionFiles;
import dev.loopx.projections.store.SqliteProjectionStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long catch-up reads and decodes on a second thread: it must fold exactly what the calling
 * thread alone folds, report progress, refuse a ledger that does not continue the checkpoint, and
 * stop its reader when the store fails.
 */
class ProjectionCatchUpTest {
    private static final int EVENTS = ProjectionCatchUp.PIPELINE_AFTER + 2_345; // several batches, one partial

    @TempDir
    Path dir;

    private static SqliteProjectionStore store(Path db) {
        SqliteProjectionStore store = SqliteProjectionStore.open(db);
        store.initialise(Projector.SCHEMA_VERSION);
        return store;
    }

    private static boolean readerAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("loopx-ledger-reader") && t.isAlive());
    }

    @Test
    void aLongCatchUpFoldsWhatTheCallingThreadAloneFolds() {
        InMemoryLedger ledger = TodoHistories.ledger(11, EVENTS);
        List<Decoded> events = TodoHistories.decoded(ledger);
        String expected;
        try (SqliteProjectionStore plain = store(dir.resolve("plain.db"))) {
            for (int from = 0; from < events.size(); from += ProjectionCatchUp.BATCH_SIZE) {
                plain.apply(
                        events.subList(from, Math.min(events.size(), from + ProjectionCatchUp.BATCH_SIZE)),
                        new Projector());
            }
            expected = plain.canonicalDump();
        }
        List<Long> progress = new ArrayList<>();
        try (SqliteProjectionStore piped = store(dir.resolve("piped.db"))) {
            long applied = new ProjectionCatchUp(TodoHistories.CODEC, new Projector())
                    .catchUp(ledger, piped, (done, total) -> {
                        assertEquals(EVENTS, total);
                        progress.add(done);
                    });
            assertEquals(EVENTS, applied);
            assertEquals(expected, piped.canonicalDump());
            assertEquals(ledger.head(), piped.checkpoint());
        }
        List<Long> everyChunk = new ArrayList<>();
        for (long done = ProjectionCatchUp.CHUNK; done < EVENTS; done += ProjectionCatchUp.CHUNK) {
            everyChunk.add(done);
        }
        everyChunk.add((long) EVENTS);
        assertEquals(everyChunk, progress, "progress after every chunk");
        assertFalse(readerAlive());

        // a rebuild's side file: folded here, written on the store's own thread, in transactions of whole batches
        ProjectionFiles files = new ProjectionFiles(dir);
        List<Long> rebuilt = new ArrayList<>();
        files.rebuild(
                ledger,
                new ProjectionCatchUp(TodoHistories.CODEC, new Projector()),
                (done, total) -> rebuilt.add(done));
        assertEquals(EVENTS, rebuilt.get(rebuilt.size() - 1), "every event folded into the side file");
        assertFalse(
                Thread.getAllStackTraces().keySet().stream()
                        .anyMatch(t -> t.getName().equals("loopx-projection-writer")),
                "the writer thread ends with the store");
        try (SqliteProjectionStore reopened = files.open()) {
            assertEquals(expected, reopened.canonicalDump());
            assertEquals(ledger.head(), reopened.checkpoint());
        }
    }

    @Test
    void aLedgerThatDoesNotContinueTheCheckpointIsRefused() {
        InMemoryLedger ledger = TodoHistories.ledger(12, EVENTS);
        InMemoryLedger other = TodoHistories.ledger(13, 3);
        try (SqliteProjectionStore store = store(dir.resolve("other.db"))) {
            store.apply(TodoHistories.decoded(other), new Projector()); // seq 3, another ledger's hash
            LedgerException e = assertThrows(
                    LedgerException.class,
                    () -> new ProjectionCatchUp(TodoHistories.CODEC, new Projector())
                            .catchUp(ledger, store, ProjectionCatchUp.Progress.NONE));
            assertEquals("projection_diverged", e.errorCode());
            assertEquals(3, store.checkpoint().seq(), "nothing applied");
        }
        assertFalse(readerAlive());
    }

    @Test
    void aFailingStoreStopsTheReader() throws Exception {
        InMemoryLedger ledger = TodoHistories.ledger(14, EVENTS);
        try (SqliteProjectionStore real = store(dir.resolve("failing.db"))) {
            ProjectionStore failing = new FailsOnThirdBatch(real);
            IllegalStateException e = assertThrows(
                    IllegalStateException.class,
                    () -> new ProjectionCatchUp(TodoHistories.CODEC, new Projector())
                            .catchUp(ledger, failing, ProjectionCatchUp.Progress.NONE));
            assertEquals("third batch", e.getMessage());
            assertEquals(2L * ProjectionCatchUp.CHUNK, real.checkpoint().seq(), "the first two chunks are committed");
        }
        assertFalse(readerAlive(), "the reader is stopped and joined before the failure is reported");
    }

    /** A store that commits two batches and then fails. */
    private static final class FailsOnThirdBatch implements ProjectionStore {
        private final ProjectionStore real;
        private int batches;

        FailsOnThirdBatch(ProjectionStore real) {
            this.real = real;
        }

        @Override
        public void apply(List<Decoded> batch, Projector projector) {
            if (++batches == 3) {
                throw new IllegalStateException("third batch");
            }
            real.apply(batch, projector);
        }

        @Override
        public Head checkpoint() {
            return real.checkpoint();
        }

        @Override
        public int schemaVersion() {
            return real.schemaVersion();
        }

        @Override
        public String canonicalDump() {
            return real.canonicalDump();
        }

        @Override
        public List<String> keys(String view) {
            return real.keys(view);
        }

        @Override
        public void close() {}

        @Override
        public Optional<JsonNode> get(String view, String key) {
            return real.get(view, key);
        }

        @Override
        public void put(String view, String key, JsonNode document) {
            real.put(view, key, document);
        }

        @Override
        public void remove(String view, String key) {
            real.remove(view, key);
        }

        @Override
        public List<JsonNode> list(String view, String keyPrefix) {
            return real.list(view, keyPrefix);
        }

        @Override
        public List<JsonNode> range(String view, String fromKey, String toKey) {
            return real.range(view, fromKey, toKey);
        }
    }
}
