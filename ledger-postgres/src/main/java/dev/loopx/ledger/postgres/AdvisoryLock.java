package dev.loopx.ledger.postgres;

import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.lock.LockTimeoutException;
import dev.loopx.ledger.lock.WriteLock;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The writer lock of a PostgreSQL ledger: a session-level advisory lock keyed by the ledger's name,
 * held on the session's connection, plus an in-process lock for the threads of this JVM. Writers
 * on every machine that share the ledger serialise on it; the server releases it when the holding
 * connection ends (a killed writer never blocks the next one). Waiting is bounded by the deadline
 * (the server's {@code lock_timeout}), then {@code lock_acquire_timeout} as with the file lock.
 * The server queues waiters in order, so no writer starves.
 */
final class AdvisoryLock implements WriteLock {
    private final PostgresSession session;
    private final String name;
    /** The key, computed at first use: its digest is the process's first use of the JDK's crypto providers. */
    private volatile Long key;

    private final Duration deadline;
    private final ReentrantLock threads = new ReentrantLock();

    AdvisoryLock(PostgresSession session, String ledger, Duration deadline) {
        this.session = session;
        this.name = "ledger:" + ledger;
        this.deadline = deadline;
    }

    /** A stable 64-bit advisory-lock key for a LoopX name (the first 8 bytes of its SHA-256). */
    static long keyOf(String name) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(("loopx:" + name).getBytes(StandardCharsets.UTF_8));
            long k = 0;
            for (int i = 0; i < 8; i++) {
                k = (k << 8) | (d[i] & 0xff);
            }
            return k;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    long key() {
        Long k = key;
        if (k == null) {
            k = keyOf(name);
            key = k;
        }
        return k;
    }

    @Override
    public Held acquire() {
        long start = System.nanoTime();
        try {
            if (!threads.tryLock(deadline.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new LockTimeoutException(waited(start), null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LedgerException("lock_acquire_interrupted", "interrupted while waiting for the ledger lock", e);
        }
        if (threads.getHoldCount() > 1) {
            return threads::unlock;
        }
        try {
            long left = Math.max(1, deadline.toMillis() - waited(start));
            if (!session.advisoryLock(key(), left)) {
                throw new LockTimeoutException(waited(start), null);
            }
        } catch (RuntimeException e) {
            threads.unlock();
            throw e;
        }
        return this::release;
    }

    private void release() {
        try {
            if (threads.getHoldCount() == 1) {
                session.advisoryUnlock(key());
            }
        } finally {
            threads.unlock();
        }
    }

    private static long waited(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    @Override
    public boolean isHeldByCurrentThread() {
        return threads.isHeldByCurrentThread();
    }

    @Override
    public boolean isFree() {
        if (!threads.tryLock()) {
            return false;
        }
        try {
            return threads.getHoldCount() == 1 && session.advisoryLockFree(key());
        } finally {
            threads.unlock();
        }
    }

    static boolean isLockTimeout(SQLException e) {
        return "55P03".equals(e.getSQLState());
    }
}
