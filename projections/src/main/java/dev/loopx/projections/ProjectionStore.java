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

    /** Folds {@code batch} and moves the checkpoint to its last event, atomically. */
    void apply(List<Decoded> batch, Projector projector);

    /** All views as canonical JSON text (sorted keys), checkpoint included. */
    String canonicalDump();

    List<String> keys(String view);

    @Override
    void close();
}
