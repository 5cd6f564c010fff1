package dev.loopx.ledger.files;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The exclusive lock around a read-modify-write of one file that several LoopX processes share
 * (e.g. {@code projects.json} under the LoopX home): a kernel lock ({@link FileChannel#tryLock})
 * on {@code <name>.lock} beside the file, plus an in-process lock per file, so that processes and
 * the threads of one process (a JVM may hold a kernel lock on a file only once) take turns. Hold
 * it from the read to the {@link AtomicReplace}: then no update is lost.
 *
 * <p>The wait is bounded: a caller that cannot have the lock within its wait gets
 * {@link TimedOut} and has changed nothing. A kernel lock dies with its process, so a killed
 * holder never blocks the next one. The lock file is never deleted (deleting it would let two
 * processes lock two different files) and never written; it is created 0600, missing folders
 * above it 0700, and a lock path that is a symbolic link, folder or special file is refused
 * ({@link NotARegularFileException}), never followed.
 *
 * <p>Thread-safe. Not re-entrant: a thread that asks again while it holds the lock has a bug
 * ({@link IllegalStateException}).
 */
public final class SharedFileLock {
    /** The lock file's name is the shared file's name and this. */
    public static final String SUFFIX = ".lock";

    private static final long POLL_MILLIS = 5;
    private static final ConcurrentMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    private SharedFileLock() {}

    /** A held lock; {@link #close} releases it (kernel lock first, then the in-process one). */
    public interface Held extends AutoCloseable {
        @Override
        void close() throws IOException;
    }

    /** The lock could not be had within the wait; nothing was read or written under it. */
    public static final class TimedOut extends IOException {
        private static final long serialVersionUID = 1L;
        private final long waitedMillis;

        TimedOut(long waitedMillis) {
            super("another process held the lock for " + waitedMillis + " ms");
            this.waitedMillis = waitedMillis;
        }

        /** How long the caller waited before giving up. */
        public long waitedMillis() {
            return waitedMillis;
        }
    }

    /** Where the lock of {@code sharedFile} lives: {@code <name>.lock} in the same folder. */
    public static Path lockFileOf(Path sharedFile) {
        Path file = sharedFile.toAbsolutePath().normalize();
        return file.resolveSibling(file.getFileName() + SUFFIX);
    }

    /**
     * Takes the lock of {@code sharedFile}, waiting at most {@code wait}.
     *
     * @throws TimedOut another process (or thread) held it for all of {@code wait}
     * @throws NotARegularFileException the lock path is a link, folder or special file
     * @throws IOException the lock file or its folder cannot be created or opened
     */
    public static Held acquire(Path sharedFile, Duration wait) throws IOException {
        Objects.requireNonNull(wait, "wait");
        Path lockFile = lockFileOf(sharedFile);
        ReentrantLock threads = IN_PROCESS.computeIfAbsent(lockFile, p -> new ReentrantLock());
        if (threads.isHeldByCurrentThread()) {
            throw new IllegalStateException("this thread already holds the lock of " + sharedFile.getFileName());
        }
        long start = System.nanoTime();
        long deadline = start + wait.toNanos();
        try {
            if (!threads.tryLock(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new TimedOut(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw interrupted(e);
        }
        try {
            FileChannel channel = open(lockFile);
            try {
                FileLock kernel = kernelLock(channel, start, deadline);
                return () -> {
                    try (channel) {
                        kernel.release();
                    } finally {
                        threads.unlock();
                    }
                };
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            threads.unlock();
            throw e;
        }
    }

    private static FileLock kernelLock(FileChannel channel, long start, long deadline) throws IOException {
        while (true) {
            FileLock kernel = channel.tryLock();
            if (kernel != null) {
                return kernel;
            }
            if (System.nanoTime() >= deadline) {
                throw new TimedOut(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw interrupted(e);
            }
        }
    }

    /** Opens (creating 0600, folders 0700) the lock file; never through a link, never anything but a regular file. */
    private static FileChannel open(Path lockFile) throws IOException {
        AtomicReplace.createPrivateFolders(lockFile.getParent());
        AtomicReplace.requireRegularFileOrNothing(lockFile);
        FileChannel channel = FileChannel.open(
                lockFile,
                Set.of(
                        StandardOpenOption.CREATE,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS),
                OwnerOnly.fileAttribute());
        try {
            AtomicReplace.requireRegularFileOrNothing(
                    lockFile); // a special file planted between the check and the open
            return channel;
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    private static InterruptedIOException interrupted(InterruptedException cause) {
        InterruptedIOException e = new InterruptedIOException("interrupted while waiting for the lock");
        e.initCause(cause);
        return e;
    }
}
