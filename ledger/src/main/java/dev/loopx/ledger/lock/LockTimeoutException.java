package dev.loopx.ledger.lock;

import dev.loopx.ledger.LedgerException;

/** Another writer held {@code ledger.lock} past the deadline; nothing was written. */
public final class LockTimeoutException extends LedgerException {
    private static final long serialVersionUID = 1L;

    private final long waitedMillis;

    public LockTimeoutException(long waitedMillis, Throwable incidentWriteFailure) {
        super(
                "lock_acquire_timeout",
                "could not take the ledger lock within " + waitedMillis
                        + " ms (other LoopX writers held it); nothing was written",
                incidentWriteFailure);
        this.waitedMillis = waitedMillis;
    }

    /** How long the writer waited before giving up. */
    public long waitedMillis() {
        return waitedMillis;
    }
}
