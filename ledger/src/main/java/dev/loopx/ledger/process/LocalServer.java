package dev.loopx.ledger.process;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.OptionalLong;
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
}
