package dev.loopx.projections;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.projections.view.Views;
import java.util.List;

/**
 * Persistent views plus the checkpoint (the last applied event's seq and hash) and the schema
 * version they were built with. {@link #apply} commits views and checkpoint together.
 */
public interface ProjectionStore extends Views, AutoCloseable {
    Head checkpoint();

    /** The {@link Projector#SCHEMA_VERSION} the store was built with; 0 for a new store. */
    int schemaVersion();

    /**
     * From now until {@link #endRead}, the next {@link #apply} or {@link #close}, every read of
     * this store answers from one state of it: a batch another process commits meanwhile (its own
     * catch-up) is seen by none of these reads, not by some of them. A store that only this
     * object changes needs nothing (the default). Idempotent.
     */
    default void beginRead() {}

    /** Ends what {@link #beginRead} began, if anything: the next read sees the newest commits. Idempotent. */
    default void endRead() {}

    /** Folds {@code batch} and moves the checkpoint to its last event, atomically. */
    void apply(List<Decoded> batch, Projector projector);

    /** All views as canonical JSON text (sorted keys), checkpoint included. */
    String canonicalDump();

    List<String> keys(String view);

    @Override
    void close();
}
