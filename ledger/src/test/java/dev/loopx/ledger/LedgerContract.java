package dev.loopx.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link Ledger} implementation promises. Subclasses supply a fresh, empty
 * ledger; a PostgreSQL-backed ledger would pass the same suite.
 */
public abstract class LedgerContract {
    protected Ledger ledger;

    protected abstract Ledger newEmptyLedger() throws Exception;

    /** Reopens the same storage (for durable implementations); in-memory ones return the same instance. */
    protected abstract Ledger reopen(Ledger current) throws Exception;

    @BeforeEach
    void openLedger() throws Exception {
        ledger = newEmptyLedger();
    }

    @AfterEach
    void closeLedger() {
        ledger.close();
    }

    public static ProposedEvent event(String goal, int n) {
        var payload = Json.object();
        payload.put("n", n);
        payload.put("text", "event number " + n);
        return new ProposedEvent(
                "test.happened",
                1,
                Instant.parse("2026-01-01T00:00:00Z").plusSeconds(n),
                goal,
                new Actor(ActorKind.SYSTEM, "contract"),
                "op-" + n,
                payload);
    }

    static List<Recorded> readAll(Ledger ledger, long from) {
        List<Recorded> all = new ArrayList<>();
        try (EventCursor cursor = ledger.readFrom(from)) {
            cursor.forEachRemaining(all::add);
        }
        return all;
    }

    @Test
    void anEmptyLedgerHasHeadZeroAndTheGenesisHash() {
        assertEquals(Head.EMPTY, ledger.head());
        assertTrue(readAll(ledger, 1).isEmpty());
    }

    @Test
    void appendsAreNumberedDenselyFromOneAndChained() {
        ledger.appendIfHead(0, List.of(event("g", 1), event("g", 2))).get();
        ledger.appendIfHead(2, List.of(event("g", 3))).get();
        List<Recorded> all = readAll(ledger, 1);
        assertEquals(List.of(1L, 2L, 3L), all.stream().map(Recorded::seq).toList());
        String prev = Head.GENESIS_HASH;
        for (Recorded r : all) {
            assertEquals(prev, r.prevHash());
            assertEquals(EnvelopeCodec.expectedHash(r), r.hash());
            assertEquals(EnvelopeCodec.expectedEventId(r), r.eventId());
            prev = r.hash();
        }
        assertEquals(new Head(3, prev), ledger.head());
    }

    @Test
    void anAppendWithAStaleHeadIsRefusedAndWritesNothing() {
        ledger.appendIfHead(0, List.of(event("g", 1))).get();
        var refused = ledger.appendIfHead(0, List.of(event("g", 2)));
        assertTrue(refused.isLeft());
        assertEquals(new HeadMismatch(0, 1), refused.getLeft());
        assertEquals(1, ledger.head().seq());
    }

    @Test
    void appendReturnsExactlyWhatIsStored() {
        List<Recorded> appended =
                ledger.appendIfHead(0, List.of(event("g", 1), event("h", 2))).get();
        assertEquals(appended, readAll(ledger, 1));
        assertEquals("h", readAll(ledger, 2).get(0).goalId());
    }

    @Test
    void readFromStartsAtTheRequestedSeqInsideAMultiEventAppend() {
        ledger.appendIfHead(0, List.of(event("g", 1), event("g", 2), event("g", 3)))
                .get();
        ledger.appendIfHead(3, List.of(event("g", 4), event("g", 5))).get();
        for (long from = 1; from <= 6; from++) {
            List<Long> seqs = readAll(ledger, from).stream().map(Recorded::seq).toList();
            List<Long> expected = new ArrayList<>();
            for (long s = from; s <= 5; s++) {
                expected.add(s);
            }
            assertEquals(expected, seqs, "from " + from);
        }
        assertEquals(5, readAll(ledger, 0).size());
    }

    @Test
    void readFromFindsEverySeqInALongLedger() {
        long head = 0;
        for (int i = 1; i <= 300; i++) {
            int size = 1 + i % 3;
            List<ProposedEvent> batch = new ArrayList<>();
            for (int k = 0; k < size; k++) {
                batch.add(event("g", i * 10 + k));
            }
            head = ledger.appendIfHead(head, batch).get().get(size - 1).seq();
        }
        for (long from : new long[] {1, 2, 3, 97, 298, 299, head - 1, head}) {
            assertEquals(from, readAll(ledger, from).get(0).seq());
        }
        assertTrue(readAll(ledger, head + 1).isEmpty());
    }

    @Test
    void anEmptyAppendWritesNothing() {
        assertTrue(ledger.appendIfHead(0, List.of()).get().isEmpty());
        assertEquals(0, ledger.head().seq());
    }

    @Test
    void eventsSurviveReopening() throws Exception {
        List<Recorded> appended =
                ledger.appendIfHead(0, List.of(event("g", 1), event("g", 2))).get();
        ledger = reopen(ledger);
        assertEquals(appended, readAll(ledger, 1));
        assertEquals(2, ledger.head().seq());
    }

    @Test
    void concurrentConditionalAppendsNeverLoseOrDuplicateASeq() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                final int thread = t;
                results.add(pool.submit(() -> {
                    int won = 0;
                    for (int i = 0; i < 25; i++) {
                        while (true) {
                            long head = ledger.head().seq();
                            if (ledger.appendIfHead(head, List.of(event("t" + thread, i)))
                                    .isRight()) {
                                won++;
                                break;
                            }
                        }
                    }
                    return won;
                }));
            }
            int total = 0;
            for (Future<Integer> f : results) {
                total += f.get();
            }
            assertEquals(100, total);
        } finally {
            pool.shutdownNow();
        }
        List<Recorded> all = readAll(ledger, 1);
        assertEquals(100, all.size());
        for (int i = 0; i < all.size(); i++) {
            assertEquals(i + 1, all.get(i).seq());
        }
        assertFalse(all.stream().map(Recorded::eventId).distinct().count() < 100);
    }
}
