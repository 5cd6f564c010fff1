package dev.loopx.projections.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.LedgerException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The side file's writer thread: in order, one batch at a time, and a failed batch stops everything after it. */
class BatchWriterTest {
    private static boolean writerAlive(String name) {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals(name) && t.isAlive());
    }

    @Test
    void writesEveryBatchInOrderAndSubmitWaitsForTheOneBefore() {
        List<Integer> written = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean overlapped = new AtomicBoolean();
        AtomicBoolean writing = new AtomicBoolean();
        try (BatchWriter<Integer> writer = new BatchWriter<>("test-writer-order", batch -> {
            if (!writing.compareAndSet(false, true)) {
                overlapped.set(true);
            }
            try {
                Thread.sleep(batch % 3);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            written.add(batch);
            writing.set(false);
        })) {
            for (int i = 0; i < 200; i++) {
                writer.submit(i);
                // the batch before this one is completely written once submit returns
                assertTrue(written.size() >= i, "batch " + (i - 1) + " written before " + i + " is handed over");
            }
            writer.drain();
            assertEquals(200, written.size());
        }
        for (int i = 0; i < 200; i++) {
            assertEquals(i, written.get(i));
        }
        assertFalse(overlapped.get(), "one batch at a time");
        assertFalse(writerAlive("test-writer-order"));
    }

    @Test
    void aFailedBatchStopsTheWriterAndIsThrownByEveryLaterCall() {
        List<Integer> written = Collections.synchronizedList(new ArrayList<>());
        BatchWriter<Integer> writer = new BatchWriter<>("test-writer-fails", batch -> {
            if (batch == 2) {
                throw new LedgerException("projection_store_unreadable", "disk full");
            }
            written.add(batch);
        });
        writer.submit(1);
        writer.submit(2);
        LedgerException first = assertThrows(LedgerException.class, () -> writer.submit(3));
        assertEquals("projection_store_unreadable", first.errorCode());
        assertEquals("disk full", first.getCause().getMessage());
        LedgerException again = assertThrows(LedgerException.class, writer::drain);
        assertNotSame(first, again, "a new exception each time: a try-with-resources may see it twice");
        assertThrows(LedgerException.class, writer::close);
        assertEquals(List.of(1), written, "nothing after the failed batch");
        assertFalse(writerAlive("test-writer-fails"));
    }
}
