package dev.loopx.ledger.lock;

import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.files.IoReason;
import dev.loopx.ledger.files.OwnerOnly;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The exclusive writer lock of one runtime root: a kernel lock on {@code ledger.lock} (never
 * deleted) plus an in-process lock, so writers in any number of processes and threads serialise.
 * Re-entrant for the holding thread. A kernel lock dies with its process, so a killed writer
 * never blocks the next one.
 *
 * <p>When the deadline passes, one {@code file_lock_incident_v0} row is appended (O_APPEND, no
 * lock taken) to {@code ledger.lock.incidents.jsonl} and {@link LockTimeoutException} is thrown.
 *
 * <p>Hand-off (no starvation): waiters poll with {@code tryLock}, so a process that releases the
 * lock and at once asks for it again (a loop of write transactions) would win every race and
 * starve the others past their deadline. The writer lock is therefore byte 0 of the file only;
 * a waiter also holds a shared lock on byte 1 while it polls. A releaser that finds byte 1
 * locked (someone is waiting) lets {@link #HANDOFF} pass before its own next attempt, long
 * enough for every waiter to poll at least twice. Uncontended writers never wait.
 */
public final class LedgerLock implements WriteLock {
    /** Time this process spent waiting for the writer lock (kernel lock taken), for {@code LOOPX_TIMING}. */
    private static final AtomicLong WAITED_NANOS = new AtomicLong();

    /** How long this process waited for writer locks so far, in all (nanoseconds). */
    public static long waitedNanos() {
        return WAITED_NANOS.get();
    }

    /**
     * How long a writer waits while the ledger makes no progress (no append moves {@code ledger.head}):
     * a holder that appends nothing for this long is stuck, and waiting longer helps nobody.
     */
    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(5);
    /** The longest a writer waits while other writers keep appending (a queue of writers, not a stuck one). */
    public static final Duration MAX_WAIT = Duration.ofSeconds(120);
    /** After this long waiting, the writer says so once (a person at a terminal sees why it pauses). */
    static final Duration NOTICE_AFTER = Duration.ofSeconds(2);

    private static final long POLL_MILLIS = 5;
    /** How long a releaser that saw waiters stays away from the lock (a few poll periods). */
    static final Duration HANDOFF = Duration.ofMillis(3 * POLL_MILLIS);

    private static final long WRITER_BYTE = 0;
    private static final long WAITER_BYTE = 1;

    private final Path lockFile;
    private final Path runtimeRoot;
    private final Path markerFile;
    private volatile Consumer<String> waitNotice = message -> {};
    private final Duration deadline;
    private final Clock clock;
    private final KernelState state;
    private final ReentrantLock threads;

    /** One per lock file and JVM: a JVM may hold a kernel lock on a file only once. */
    static final class KernelState {
        final ReentrantLock threads = new ReentrantLock();
        FileChannel channel;
        FileLock kernelLock;
        FileLock waiterLock;
        /** Whether this JVM released the lock to waiters and must stay away until {@link #yieldUntilNanos}. */
        boolean yielding;
        /** nanoTime before which this JVM must not try for the lock (only while {@link #yielding}). */
        long yieldUntilNanos;

        /**
         * How long to stay away from the lock at {@code now} (a nanoTime): 0 unless this JVM just
         * released it to waiters. A flag, not a sentinel time: nanoTime has an arbitrary origin, and
         * the former {@code Long.MIN_VALUE - now} overflowed into a wait of {@link #HANDOFF} before
         * the first acquire of every process.
         */
        long yieldNanos(long now) {
            return yielding ? Math.max(0, Math.min(yieldUntilNanos - now, HANDOFF.toNanos())) : 0;
        }
    }

    private static final ConcurrentMap<Path, KernelState> STATES = new ConcurrentHashMap<>();

    public LedgerLock(Path runtimeRoot, Duration deadline, Clock clock) {
        this.lockFile = runtimeRoot.resolve("ledger.lock");
        this.markerFile = runtimeRoot.resolve("ledger.head");
        this.runtimeRoot = runtimeRoot;
        this.deadline = deadline;
        this.clock = clock;
        this.state = STATES.computeIfAbsent(lockFile.toAbsolutePath().normalize(), p -> new KernelState());
        this.threads = state.threads;
    }

    public LedgerLock(Path runtimeRoot) {
        this(runtimeRoot, DEFAULT_DEADLINE, Clock.systemUTC());
    }

    /** A held lock; closing it releases one level of re-entrance. */
    public interface Held extends WriteLock.Held {}

    /** Where a writer that waits longer than {@link #NOTICE_AFTER} says so (once per wait); returns this. */
    @Override
    public LedgerLock onLongWait(Consumer<String> notice) {
        this.waitNotice = Objects.requireNonNull(notice, "notice");
        return this;
    }

    @Override
    public boolean isHeldByCurrentThread() {
        return threads.isHeldByCurrentThread();
    }

    @Override
    public Held acquire() {
        long start = System.nanoTime();
        long deadlineNanos = start + deadline.toNanos();
        try {
            if (!threads.tryLock(deadline.toNanos(), TimeUnit.NANOSECONDS)) {
                throw timedOut(start);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LedgerException("lock_acquire_interrupted", "interrupted while waiting for the ledger lock", e);
        }
        if (threads.getHoldCount() > 1) {
            return threads::unlock;
        }
        try {
            acquireKernelLock(start, deadlineNanos);
            WAITED_NANOS.addAndGet(System.nanoTime() - start);
        } catch (InterruptedException e) {
            threads.unlock();
            Thread.currentThread().interrupt();
            throw new LedgerException("lock_acquire_interrupted", "interrupted while waiting for the ledger lock", e);
        } catch (RuntimeException e) {
            threads.unlock();
            throw e;
        }
        return this::release;
    }

    private void acquireKernelLock(long start, long deadlineNanos) throws InterruptedException {
        long yieldNanos = state.yieldNanos(System.nanoTime());
        state.yielding = false;
        if (yieldNanos > 0) {
            TimeUnit.NANOSECONDS.sleep(yieldNanos);
        }
        try {
            state.channel = FileChannel.open(
                    lockFile,
                    Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE),
                    OwnerOnly.fileAttribute());
            // The deadline counts from the last progress: while other writers keep appending (the
            // head marker changes), a writer in the queue keeps its place, up to MAX_WAIT in all.
            long progressDeadline = deadlineNanos;
            long maxDeadline = start + Math.max(MAX_WAIT.toNanos(), deadline.toNanos());
            long lastMarker = markerStamp();
            boolean noticed = false;
            while (true) {
                state.kernelLock = state.channel.tryLock(WRITER_BYTE, 1, false);
                if (state.kernelLock != null) {
                    releaseWaiterLock();
                    return;
                }
                if (state.waiterLock == null) {
                    // Null when a releaser is probing byte 1 right now; the next poll tries again.
                    state.waiterLock = state.channel.tryLock(WAITER_BYTE, 1, true);
                }
                long now = System.nanoTime();
                long marker = markerStamp();
                if (marker != lastMarker) {
                    lastMarker = marker;
                    progressDeadline = Math.min(maxDeadline, now + deadline.toNanos());
                }
                if (now >= progressDeadline) {
                    closeChannel();
                    throw timedOut(start);
                }
                if (!noticed && now - start >= NOTICE_AFTER.toNanos()) {
                    noticed = true;
                    waitNotice.accept("waiting for the ledger lock: other writers of this runtime root are appending");
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (IOException e) {
            closeChannel();
            throw new LedgerException(
                    "runtime_root_unwritable", "cannot open the ledger lock file (" + IoReason.of(e) + ")", e);
        } catch (InterruptedException e) {
            closeChannel();
            throw e;
        }
    }

    /** The head marker's modification time and size (an append rewrites it), or 0 when absent. */
    private long markerStamp() {
        try {
            var attrs = Files.readAttributes(markerFile, BasicFileAttributes.class);
            return attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS) * 31 + attrs.size();
        } catch (IOException e) {
            return 0;
        }
    }

    private void releaseWaiterLock() throws IOException {
        if (state.waiterLock != null) {
            state.waiterLock.release();
            state.waiterLock = null;
        }
    }

    /** After releasing byte 0: when another process holds byte 1 it is waiting, so hand the lock over. */
    private void yieldIfOthersWait() throws IOException {
        FileLock probe = state.channel.tryLock(WAITER_BYTE, 1, false);
        if (probe == null) {
            state.yieldUntilNanos = System.nanoTime() + HANDOFF.toNanos();
            state.yielding = true;
        } else {
            probe.release();
        }
    }

    private void release() {
        try {
            if (threads.getHoldCount() == 1) {
                closeChannel();
            }
        } finally {
            threads.unlock();
        }
    }

    private void closeChannel() {
        try {
            if (state.kernelLock != null && state.kernelLock.isValid()) {
                state.kernelLock.release();
                yieldIfOthersWait();
            }
            if (state.waiterLock != null && state.waiterLock.isValid()) {
                state.waiterLock.release();
            }
            if (state.channel != null) {
                state.channel.close();
            }
        } catch (IOException e) {
            throw new LedgerException("lock_release_failed", "cannot release the ledger lock", e);
        } finally {
            state.kernelLock = null;
            state.waiterLock = null;
            state.channel = null;
        }
    }

    private LockTimeoutException timedOut(long startNanos) {
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        return LockIncidents.record(runtimeRoot, "ledger.lock", waitedMillis, deadline, clock);
    }

    /**
     * True when no writer holds the lock right now (a non-blocking probe that takes and releases
     * it; no incident is recorded). For diagnostics only: the answer may be stale at once.
     */
    @Override
    public boolean isFree() {
        if (!threads.tryLock()) {
            return false;
        }
        try {
            if (threads.getHoldCount() > 1) {
                return false;
            }
            try (FileChannel ch = FileChannel.open(
                    lockFile, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE), OwnerOnly.fileAttribute())) {
                FileLock probe = ch.tryLock(WRITER_BYTE, 1, false);
                if (probe == null) {
                    return false;
                }
                probe.release();
                return true;
            } catch (IOException e) {
                throw new LedgerException(
                        "runtime_root_unwritable", "cannot open the ledger lock file (" + IoReason.of(e) + ")", e);
            }
        } finally {
            threads.unlock();
        }
    }

    /** True when the runtime root holds a lock file (for diagnostics; says nothing about holders). */
    public boolean lockFileExists() {
        return Files.exists(lockFile);
    }
}
