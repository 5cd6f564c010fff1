package dev.loopx.projections.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.projections.Projector;
import dev.loopx.projections.TodoHistories;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads of a store while another process commits batches to the same file. A checkpoint read is
 * one some commit wrote: never the seq of one commit with the hash of another (a heartbeat read in
 * one process and a writer's apply in another: a torn checkpoint read made the catch-up refuse a
 * sound ledger with {@code projection_diverged}). Between {@code beginRead} and {@code endRead}
 * every read sees the one state the first of them saw.
 */
class CheckpointReadTest {
    @TempDir
    Path dir;

    @Test
    void aCheckpointReadDuringCommitsIsOneCommitsSeqAndHash() throws Exception {
        List<Decoded> events = TodoHistories.decoded(TodoHistories.ledger(5, 600));
        Map<Long, String> written = new HashMap<>();
        written.put(Head.EMPTY.seq(), Head.EMPTY.hash());
        events.forEach(d -> written.put(d.seq(), d.envelope().hash()));
        Path file = dir.resolve("projections.db");
        List<Head> torn = new ArrayList<>();
        int[] reads = {0};
        try (SqliteProjectionStore writer = SqliteProjectionStore.open(file)) {
            writer.initialise(Projector.SCHEMA_VERSION);
            try (SqliteProjectionStore reader = SqliteProjectionStore.open(file)) {
                AtomicBoolean done = new AtomicBoolean();
                Thread reading = new Thread(() -> {
                    while (!done.get()) {
                        Head seen = reader.checkpoint();
                        reads[0]++;
                        if (!seen.hash().equals(written.get(seen.seq()))) {
                            torn.add(seen);
                        }
                    }
                });
                reading.start();
                Projector projector = new Projector();
                for (Decoded d : events) {
                    writer.apply(List.of(d), projector); // one commit per event
                }
                done.set(true);
                reading.join();
            }
            Decoded last = events.getLast();
            assertEquals(new Head(last.seq(), last.envelope().hash()), writer.checkpoint());
        }
        assertTrue(reads[0] > events.size(), "the reader read while the writer committed (" + reads[0] + " reads)");
        assertEquals(
                0,
                torn.size(),
                torn.size() + " of " + reads[0] + " checkpoint reads no commit wrote, the first: "
                        + torn.subList(0, Math.min(3, torn.size())));
    }

    @Test
    void theReadsOfOneReadTransactionSeeOneStateAndTheStoresOwnApplyEndsIt() {
        List<Decoded> events = TodoHistories.decoded(TodoHistories.ledger(7, 40));
        Projector projector = new Projector();
        Path file = dir.resolve("projections.db");
        try (SqliteProjectionStore writer = SqliteProjectionStore.open(file);
                SqliteProjectionStore reader = SqliteProjectionStore.open(file)) {
            writer.initialise(Projector.SCHEMA_VERSION);
            writer.apply(events.subList(0, 20), projector);
            reader.beginRead();
            Head first = reader.checkpoint();
            String dump = reader.canonicalDump();
            writer.apply(events.subList(20, 30), projector);
            assertEquals(first, reader.checkpoint(), "the read transaction's state");
            assertEquals(dump, reader.canonicalDump());
            reader.beginRead(); // idempotent: still the same state
            assertEquals(first, reader.checkpoint());
            reader.endRead();
            assertEquals(writer.checkpoint(), reader.checkpoint(), "after it, the newest commit");
            reader.beginRead();
            reader.checkpoint();
            reader.apply(events.subList(30, 40), projector); // ends the read transaction first
            assertEquals(events.get(39).seq(), reader.checkpoint().seq());
            assertEquals(reader.checkpoint(), writer.checkpoint());
            reader.endRead(); // nothing open: nothing to do
        }
    }
}
