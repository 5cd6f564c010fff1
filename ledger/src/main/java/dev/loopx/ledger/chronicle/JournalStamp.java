package dev.loopx.ledger.chronicle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The identity of a journal's files as the file system reports it: for the queue file and
 * {@code metadata.cq4t}, the inode, the size and the status-change time (ctime, nanoseconds) — one
 * {@code stat} each. Every writer records the stamp its append left in the head marker; a journal
 * whose stamp differs was changed by something other than a LoopX append since (an editor, a copy,
 * a flipped byte), and is checked by content before anything is appended to it (ADR 0011).
 *
 * <p>ctime cannot be set back by a user (unlike mtime), so an outside write is seen even when it
 * restores the modification time. Bit rot and an edit within the same clock tick as the append
 * keep the stamp; the periodic content check is there for those.
 */
public final class JournalStamp {
    /** The stamp of a journal that has no queue file yet. */
    public static final String NONE = "none";

    private JournalStamp() {}

    /** The stamp of the journal in {@code ledgerDir} ({@link #NONE} without a queue file). */
    public static String of(Path ledgerDir) {
        long cycle = fileStamp(JournalFile.cycleFile(ledgerDir));
        if (cycle == 0) {
            return NONE;
        }
        long mixed = mix(cycle * 31 + fileStamp(ledgerDir.resolve("metadata.cq4t")));
        return String.format("%016x", mixed);
    }

    /**
     * The identity of the journal's queue file (its inode, else the file system's key): the same
     * file whatever is appended to it; another one after a repair or a restore that replaced it.
     */
    public static String identity(Path ledgerDir) {
        Path file = JournalFile.cycleFile(ledgerDir);
        try {
            return String.valueOf(Files.getAttribute(file, "unix:ino"));
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            try {
                Object key =
                        Files.readAttributes(file, BasicFileAttributes.class).fileKey();
                return key == null ? NONE : Integer.toHexString(key.hashCode());
            } catch (IOException unreadable) {
                return NONE;
            }
        } catch (IOException e) {
            return NONE;
        }
    }

    private static long fileStamp(Path file) {
        try {
            Map<String, Object> a = Files.readAttributes(file, "unix:ino,size,ctime");
            long ino = ((Number) a.get("ino")).longValue();
            long size = ((Number) a.get("size")).longValue();
            long ctime = ((FileTime) a.get("ctime")).to(TimeUnit.NANOSECONDS);
            return mix(mix(mix(ino) ^ size) ^ ctime) | 1;
        } catch (NoSuchFileException e) {
            return 0;
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return basicStamp(file);
        } catch (IOException e) {
            // unreadable now: a stamp that matches nothing recorded, so the content is checked
            return System.nanoTime() | 1;
        }
    }

    /** Where the file system has no unix attributes: the modification time, the size and the file key. */
    private static long basicStamp(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            long key = a.fileKey() == null ? 0 : a.fileKey().hashCode();
            return mix(mix(mix(key) ^ a.size()) ^ a.lastModifiedTime().to(TimeUnit.NANOSECONDS)) | 1;
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            return System.nanoTime() | 1;
        }
    }

    /** SplitMix64's finaliser: every input bit moves about half the output bits. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
