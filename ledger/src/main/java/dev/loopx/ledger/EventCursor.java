package dev.loopx.ledger;

import java.util.Iterator;

/**
 * A forward-only stream of stored events. Holds ledger resources until closed; memory use is
 * bounded by one event whatever the ledger length.
 */
public interface EventCursor extends Iterator<Recorded>, AutoCloseable {
    @Override
    void close();
}
