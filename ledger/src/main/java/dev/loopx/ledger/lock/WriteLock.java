package dev.loopx.ledger.lock;

import java.util.function.Consumer;

/**
 * The exclusive writer lock of one ledger: every read-decide-append holds it, so writers in any
 * number of threads, processes (and, for a shared server ledger, machines) serialise. Re-entrant
 * for the holding thread. {@link LedgerLock} is the local one (a kernel file lock in the runtime
 * root); a server-backed ledger brings its own (e.g. a PostgreSQL advisory lock).
 */
public interface WriteLock {
    /** A held lock; closing it releases one level of re-entrance. */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Takes the lock, waiting at most the lock's deadline; then {@link LockTimeoutException}
     * ({@code lock_acquire_timeout}).
     */
    Held acquire();

    boolean isHeldByCurrentThread();

    /**
     * Where a writer that waits long says so (once per wait); a lock that cannot tell ignores it.
     * Returns this.
     */
    default WriteLock onLongWait(Consumer<String> notice) {
        return this;
    }

    /** True when no writer holds the lock right now (diagnostics only: the answer may be stale at once). */
    boolean isFree();
}
