package dev.loopx.ledger.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The hand-off wait: only after this JVM released the lock to waiters, never longer than HANDOFF. */
class LedgerLockYieldTest {
    @Test
    void aJvmThatNeverReleasedToWaiters_doesNotWaitBeforeAcquiring_whateverNanoTimeReads() {
        LedgerLock.KernelState fresh = new LedgerLock.KernelState();
        for (long now : new long[] {Long.MIN_VALUE, -1, 0, 1, System.nanoTime(), Long.MAX_VALUE}) {
            assertEquals(0, fresh.yieldNanos(now), "nanoTime " + now);
        }
    }

    @Test
    void afterAReleaseToWaiters_theNextAcquireWaitsUntilTheHandoffEnds() {
        LedgerLock.KernelState state = new LedgerLock.KernelState();
        long handoff = LedgerLock.HANDOFF.toNanos();
        state.yielding = true;
        state.yieldUntilNanos = -5 + handoff;
        assertEquals(handoff, state.yieldNanos(-5));
        assertEquals(handoff - 100, state.yieldNanos(95));
        assertEquals(0, state.yieldNanos(-5 + handoff));
        assertEquals(0, state.yieldNanos(Long.MAX_VALUE / 2));
    }
}
