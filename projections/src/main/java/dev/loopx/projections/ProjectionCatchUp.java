package dev.loopx.projections;

import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.audit.Chain;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.EventCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * Brings a projection store up to the ledger head: streams events after the checkpoint in
 * batches, each batch folded and committed with its checkpoint in one store transaction. Refuses
 * ({@code projection_diverged}) when the ledger no longer continues the store's checkpoint
 * (ledger replaced or truncated): the store must be rebuilt.
 *
 * <p>A long catch-up (a rebuild) reads and decodes on a second thread while the calling thread
 * folds and writes: reading and decoding is about a third of a rebuild's work, and folding never
 * waits for it. The hand-off holds at most {@link #QUEUED} chunks of {@link #CHUNK} events, and
 * each chunk goes to the store as soon as it arrives (a rebuild's side file groups chunks into
 * transactions of at least {@link #BATCH_SIZE} events itself): decoded events are let go as soon
 * as they are folded, so few of them are alive at any young collection (each one alive is
 * copied; with 2,000-event batches gathered first, those copies were ~1.5 s of a 1M rebuild). A
 * short catch-up (a heartbeat's few events) stays on the calling thread.
 */
public final class ProjectionCatchUp {
    public static final int BATCH_SIZE = 2_000;
    /** Catch-ups of more events than this read and decode on a second thread. */
    static final int PIPELINE_AFTER = 4 * BATCH_SIZE;

    static final int CHUNK = BATCH_SIZE / 4;
    private static final int QUEUED = 4;

    /** Progress of a long catch-up: events done so far and the total to do. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (done, total) -> {};

        void update(long done, long total);
    }

    private final EventCodec codec;
    private final Projector projector;

    public ProjectionCatchUp(EventCodec codec, Projector projector) {
        this.codec = codec;
        this.projector = projector;
    }

    /** Applies every event after the store's checkpoint; returns how many were applied. */
    public long catchUp(Ledger ledger, ProjectionStore store, Progress progress) {
        Head checkpoint = store.checkpoint();
        Head head = ledger.head();
        if (head.seq() < checkpoint.seq()) {
            throw diverged(checkpoint.seq());
        }
        if (head.seq() == checkpoint.seq()) {
            if (!head.hash().equals(checkpoint.hash())) {
                throw diverged(checkpoint.seq());
            }
            return 0;
        }
        long total = head.seq() - checkpoint.seq();
        if (total > PIPELINE_AFTER) {
            return pipelined(ledger, store, progress, checkpoint, total);
        }
        long[] done = {0};
        decodeFrom(ledger, checkpoint, BATCH_SIZE, batch -> {
            store.apply(batch, projector);
            done[0] += batch.size();
            progress.update(done[0], Math.max(total, done[0]));
            return true;
        });
        return done[0];
    }

    /**
     * Reads every event after {@code checkpoint}, checks that each continues the one before
     * (refusing with {@code projection_diverged} otherwise), decodes it, and hands the events to
     * {@code sink} in lists of {@code size} (the last one shorter); stops early when the sink
     * returns false.
     */
    private void decodeFrom(Ledger ledger, Head checkpoint, int size, Predicate<List<Decoded>> sink) {
        Head previous = checkpoint;
        List<Decoded> chunk = new ArrayList<>(size);
        try (EventCursor cursor = ledger.readFrom(checkpoint.seq() + 1)) {
            while (cursor.hasNext()) {
                Recorded r = cursor.next();
                if (previous == checkpoint
                        && checkpoint.seq() > 0
                        && (r.seq() != checkpoint.seq() + 1 || !r.prevHash().equals(checkpoint.hash()))) {
                    // the ledger does not continue what the store folded: another history
                    throw diverged(checkpoint.seq());
                }
                // past the checkpoint, a broken link or a forged event is damage (ADR 0011)
                previous = Chain.next(r, previous);
                chunk.add(codec.decode(r));
                if (chunk.size() == size) {
                    if (!sink.test(chunk)) {
                        return;
                    }
                    chunk = new ArrayList<>(size);
                }
            }
        }
        if (!chunk.isEmpty()) {
            sink.test(chunk);
        }
    }

    /** The end of the events, on the hand-off queue. */
    private static final Object END = new Object();

    private long pipelined(Ledger ledger, ProjectionStore store, Progress progress, Head checkpoint, long total) {
        BlockingQueue<Object> chunks = new ArrayBlockingQueue<>(QUEUED);
        AtomicBoolean stop = new AtomicBoolean();
        Thread reader = new Thread(() -> read(ledger, checkpoint, chunks, stop), "loopx-ledger-reader");
        reader.setDaemon(true);
        reader.start();
        long done = 0;
        try {
            while (true) {
                Object next = take(chunks);
                if (next instanceof Throwable failure) {
                    throw rethrow(failure);
                }
                if (next == END) {
                    return done;
                }
                @SuppressWarnings("unchecked")
                List<Decoded> chunk = (List<Decoded>) next;
                store.apply(chunk, projector);
                done += chunk.size();
                progress.update(done, Math.max(total, done));
            }
        } finally {
            stop.set(true);
            chunks.clear(); // a reader waiting to hand over a chunk sees the stop at once
            Threads.joinUninterruptibly(reader);
        }
    }

    /** The reader thread: every event after the checkpoint, decoded, in chunks; then END (or the failure). */
    private void read(Ledger ledger, Head checkpoint, BlockingQueue<Object> chunks, AtomicBoolean stop) {
        Object last;
        try {
            decodeFrom(ledger, checkpoint, CHUNK, chunk -> handOver(chunks, chunk, stop));
            last = END;
        } catch (Throwable failure) {
            last = failure;
        }
        handOver(chunks, last, stop); // after a stop, nobody takes it: handOver returns at once
    }

    /** Puts {@code item} on the queue unless the folding side stopped; false when it did. */
    private static boolean handOver(BlockingQueue<Object> chunks, Object item, AtomicBoolean stop) {
        try {
            while (!stop.get()) {
                if (chunks.offer(item, 50, TimeUnit.MILLISECONDS)) {
                    return true;
                }
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static Object take(BlockingQueue<Object> chunks) {
        try {
            return chunks.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LedgerException("interrupted", "the projection catch-up was interrupted", e);
        }
    }

    private static RuntimeException rethrow(Throwable failure) {
        if (failure instanceof RuntimeException runtime) {
            return runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new LedgerException("ledger_unreadable", "the ledger could not be read", failure);
    }

    private static LedgerException diverged(long checkpointSeq) {
        return new LedgerException(
                "projection_diverged",
                "the projection store (checkpoint seq " + checkpointSeq + ") does not match the ledger");
    }
}
