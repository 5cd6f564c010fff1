package dev.loopx.projections.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.projections.Projector;
import dev.loopx.projections.TodoHistories;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch the side file's writer thread cannot write fails the rebuild: the failure reaches the
 * folding thread (at the next hand-over, or at close), nothing after it is written, the key index
 * is not built, and the writer thread is gone.
 */
class SideFileFailureTest {
    @TempDir
    Path dir;

    private static boolean writerAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("loopx-projection-writer") && t.isAlive());
    }

    /** A document no encoder takes: its row text fails on the writer thread. */
    private static final Object UNWRITABLE = new Object();

    @Test
    void aBatchTheWriterCannotWriteFailsTheFoldsAfterItAndTheClose() {
        List<Decoded> history = TodoHistories.decoded(TodoHistories.ledger(21, 300));
        SqliteRebuildFile side = SqliteRebuildFile.open(dir.resolve("side.db"), RowIndex.MAX_SLOTS, 50);
        side.initialise(Projector.SCHEMA_VERSION);
        Projector projector = new Projector();
        side.apply(history.subList(0, 60), projector); // handed over: written
        side.write("broken", "k", UNWRITABLE);
        side.apply(history.subList(60, 120), projector); // handed over with the broken row: the writer fails
        RuntimeException later = assertThrows(RuntimeException.class, () -> {
            for (int from = 120; from < history.size(); from += 60) {
                side.apply(history.subList(from, Math.min(history.size(), from + 60)), projector);
            }
        });
        assertTrue(later instanceof LedgerException || later instanceof IllegalStateException, later.toString());
        LedgerException closing = assertThrows(LedgerException.class, side::close, "close reports the failed batch");
        assertEquals("projection_store_unreadable", closing.errorCode());
        assertFalse(writerAlive(), "the writer thread is gone");
        try (SqliteProjectionStore reopened = SqliteProjectionStore.open(dir.resolve("side.db"))) {
            assertEquals(60, reopened.checkpoint().seq(), "only the batch before the failed one is committed");
            assertTrue(reopened.keys("broken").isEmpty());
        }
    }
}
