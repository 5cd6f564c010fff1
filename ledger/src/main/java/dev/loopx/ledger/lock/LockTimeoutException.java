package dev.loopx.ledger.lock;

import dev.loopx.ledger.LedgerException;

/** Another writer held {@code ledger.lock} past the deadline; nothing was written. */
public final class LockTimeoutException extends LedgerException {
    private static final long serialVersionUID = 1L;

    public LockTimeoutException(long waitedMillis, Throwable incidentWriteFailure) {
        super("lock_acquire_timeout",
                "another LoopX writer held the ledger lock for " + waitedMillis + " ms; nothing was written",
                incidentWriteFailure);
    }
}
