package dev.loopx.ledger.process;

import dev.loopx.ledger.files.OwnerOnly;
import java.io.Closeable;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Supplier;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * What LoopX's machine-local servers share (the head holder, ADR 0009; the resident answerer, ADR
 * 0014): a lock file that a running server holds locked and that names its process, and a
 * UNIX-domain socket that answers only the OS user who owns the server's folder.
 */
public final class LocalServer {
    private LocalServer() {}

    /**
     * Whether a server holding {@code lock} runs or is starting (the file is locked). A diagnostic and
     * a guard against starting a second one; the answer may be stale at once.
     */
    public static boolean running(Path lock) {
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
            try {
                FileLock held = channel.tryLock();
                if (held == null) {
                    return true;
                }
                held.release();
                return false;
            } catch (OverlappingFileLockException e) {
                return true; // this very process holds it
            }
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** The process id of the server holding {@code lock}, when one runs (the lock file names it). */
    public static OptionalLong pid(Path lock) {
        if (!running(lock)) {
            return OptionalLong.empty();
        }
        try {
            String text = Files.readString(lock, StandardCharsets.US_ASCII).trim();
            return text.matches("[0-9]{1,19}") ? OptionalLong.of(Long.parseLong(text)) : OptionalLong.empty();
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * Runs {@code whileHeld} holding the lock file {@code lock} in {@code folder} (made owner-only; a
     * symbolic link is refused), the file naming this process: {@code another} when another process
     * holds it, {@code noFolder} when the folder or the file cannot be made.
     */
    public static <E> E whileLocked(Path folder, Path lock, E noFolder, E another, Supplier<E> whileHeld) {
        try {
            if (Files.isSymbolicLink(folder)) {
                return noFolder;
            }
            Files.createDirectories(folder);
            OwnerOnly.restrict(folder);
        } catch (IOException e) {
            return noFolder;
        }
        try (FileChannel channel = FileChannel.open(
                lock,
                Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                OwnerOnly.fileAttribute())) {
            FileLock held;
            try {
                held = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                held = null;
            }
            if (held == null) {
                return another;
            }
            // the lock file names the process, for doctor and for a person who wants it gone
            channel.truncate(0);
            channel.write(
                    ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            return whileHeld.get();
        } catch (IOException e) {
            return noFolder;
        }
    }

    /** Whether the process at the other end of {@code client} runs as {@code owner} ({@code SO_PEERCRED}). */
    public static boolean samePerson(SocketChannel client, String owner) {
        try {
            UnixDomainPrincipal peer = client.getOption(ExtendedSocketOptions.SO_PEERCRED);
            return peer != null && peer.user().getName().equals(owner);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Closes {@code c} (a listener, a connection), whatever happens. */
    public static void closeQuietly(Closeable c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }

    /**
     * One listening server, its lock already taken by the caller: binds {@code socket} (replacing the
     * file a dead server left; owner-only), hands every connection of the folder's owner to {@link
     * #handle}, asks {@link #check} every {@link #tick} on a watchdog thread, and ends on the first
     * reason {@link #end} is given (or on a signal, taking its socket with it). {@code E} says why it
     * ended.
     */
    public abstract static class Listening<E> {
        private final Path folder;
        private final Path socket;
        private final String name;
        private volatile E ended;
        private ServerSocketChannel listener;

        protected Listening(Path folder, Path socket, String name) {
            this.folder = folder;
            this.socket = socket;
            this.name = name;
        }

        /** Answers one connection of the owner (closing it when done). */
        protected abstract void handle(SocketChannel client);

        /** Why the server should end now, asked every {@link #tick}. */
        protected abstract Optional<E> check();

        /** How often {@link #check} is asked. */
        protected abstract Duration tick();

        /**
         * Serves until ended: {@code noSocket} when the socket cannot be made or stops accepting,
         * {@code ending} when the process is shutting down already.
         */
        public final E run(E noSocket, E ending) {
            String owner;
            try {
                owner = Files.getOwner(folder, LinkOption.NOFOLLOW_LINKS).getName();
                // the lock is ours: a socket file left there is a dead server's
                if (Files.isDirectory(socket, LinkOption.NOFOLLOW_LINKS)) {
                    return noSocket;
                }
                Files.deleteIfExists(socket);
                listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
                listener.bind(UnixDomainSocketAddress.of(socket), 64);
                Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            } catch (IOException | UnsupportedOperationException e) {
                close();
                return noSocket;
            }
            // ended by a signal (SIGTERM, SIGINT): the socket goes with it, so launchers stop choosing it
            Thread cleanup = new Thread(this::close, name + "-cleanup");
            try {
                Runtime.getRuntime().addShutdownHook(cleanup);
            } catch (IllegalStateException e) {
                close();
                return ending;
            }
            Thread watchdog =
                    Thread.ofPlatform().name(name + "-watchdog").daemon().start(this::watch);
            try {
                while (ended == null) {
                    SocketChannel client;
                    try {
                        client = listener.accept();
                    } catch (ClosedChannelException e) {
                        break; // ended
                    } catch (IOException e) {
                        end(noSocket);
                        break;
                    }
                    if (!samePerson(client, owner)) {
                        closeQuietly(client);
                        continue;
                    }
                    handle(client);
                }
            } finally {
                watchdog.interrupt();
                close();
                try {
                    Runtime.getRuntime().removeShutdownHook(cleanup);
                } catch (IllegalStateException e) {
                    // shutting down: the hook runs and finds nothing left to do
                }
            }
            return ended == null ? noSocket : ended;
        }

        private void watch() {
            while (ended == null) {
                try {
                    Thread.sleep(tick());
                } catch (InterruptedException e) {
                    return;
                }
                check().ifPresent(this::end);
            }
        }

        /** Whether a reason to end was given. */
        protected final boolean ending() {
            return ended != null;
        }

        /** Ends the server for {@code why} (the first reason given wins): it accepts nothing more. */
        protected final synchronized void end(E why) {
            if (ended == null) {
                ended = why;
            }
            closeQuietly(listener);
        }

        private synchronized void close() {
            closeQuietly(listener);
            try {
                Files.deleteIfExists(socket);
            } catch (IOException e) {
                // the next server replaces it
            }
        }
    }
}
