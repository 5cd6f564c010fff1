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
 * A store read while another process commits batches to the same file sees a checkpoint some commit
 * wrote: never the seq of one commit with the hash of another. (A heartbeat read in one process and
 * a writer's apply in another: a torn checkpoint read made the catch-up refuse a sound ledger with
 * {@code projection_diverged}.)
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
}
