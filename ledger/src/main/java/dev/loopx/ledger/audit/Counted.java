package dev.loopx.ledger.audit;

import java.util.Iterator;
import java.util.function.LongConsumer;

/**
 * An iterator that tells {@code seen} how many elements it has handed out, every
 * {@value #REPORT_EVERY} elements and once when it runs out: the count behind a progress line for
 * a pass over the ledger or an export file. Counting is the only work; drawing is the caller's.
 */
public final class Counted<T> implements Iterator<T> {
    /** Elements between two reports: cheap enough to count, often enough for a person to see motion. */
    public static final int REPORT_EVERY = 2_000;

    private final Iterator<T> inner;
    private final LongConsumer seen;
    private long done;

    private Counted(Iterator<T> inner, LongConsumer seen) {
        this.inner = inner;
        this.seen = seen;
    }

    public static <T> Iterator<T> of(Iterator<T> inner, LongConsumer seen) {
        return new Counted<>(inner, seen);
    }

    @Override
    public boolean hasNext() {
        boolean more = inner.hasNext();
        if (!more) {
            seen.accept(done);
        }
        return more;
    }

    @Override
    public T next() {
        T next = inner.next();
        if (++done % REPORT_EVERY == 0) {
            seen.accept(done);
        }
        return next;
    }
}
