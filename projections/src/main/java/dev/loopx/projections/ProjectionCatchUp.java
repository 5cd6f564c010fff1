package dev.loopx.projections;

import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.EventCodec;
import java.util.ArrayList;
import java.util.List;

/**
 * Brings a projection store up to the ledger head: streams events after the checkpoint in
 * batches, each batch folded and committed with its checkpoint in one store transaction. Memory
 * is bounded by one batch. Refuses ({@code projection_diverged}) when the ledger no longer
 * continues the store's checkpoint (ledger replaced or truncated): the store must be rebuilt.
 */
public final class ProjectionCatchUp {
    public static final int BATCH_SIZE = 2_000;

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
        long done = 0;
        String expectedPrev = checkpoint.hash();
        long expectedSeq = checkpoint.seq() + 1;
        List<Decoded> batch = new ArrayList<>(BATCH_SIZE);
        try (EventCursor cursor = ledger.readFrom(checkpoint.seq() + 1)) {
            while (cursor.hasNext()) {
                Recorded r = cursor.next();
                if (r.seq() != expectedSeq || !r.prevHash().equals(expectedPrev)) {
                    throw diverged(checkpoint.seq());
                }
                batch.add(codec.decode(r));
                expectedPrev = r.hash();
                expectedSeq++;
                if (batch.size() == BATCH_SIZE) {
                    store.apply(batch, projector);
                    done += batch.size();
                    progress.update(done, Math.max(total, done));
                    batch.clear();
                }
            }
        }
        if (!batch.isEmpty()) {
            store.apply(batch, projector);
            done += batch.size();
            progress.update(done, Math.max(total, done));
        }
        return done;
    }

    private static LedgerException diverged(long checkpointSeq) {
        return new LedgerException("projection_diverged", "the projection store (checkpoint seq " + checkpointSeq
                + ") does not match the ledger; run `loopx projections rebuild`");
    }
}
