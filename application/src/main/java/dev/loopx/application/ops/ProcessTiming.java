package dev.loopx.application.ops;

import dev.loopx.ledger.lock.LedgerLock;

/**
 * Where this process's time went, for benchmarks ({@code LOOPX_TIMING=1}, {@code bench/run
 * --writers}): how long it waited for the ledger's writer lock in all.
 */
public final class ProcessTiming {
    private ProcessTiming() {}

    public static long lockWaitMillis() {
        return LedgerLock.waitedNanos() / 1_000_000;
    }
}
