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
 * The identity of a journal's files as the file system reports it: for the queue file, the inode,
 * the size and the status-change time (ctime, nanoseconds); for {@code metadata.cq4t}, the inode and
 * the size — one {@code stat} each. Every writer records the stamp its append left in the head marker; a journal
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

    /**
     * The stamp of the journal in {@code ledgerDir} ({@link #NONE} without a queue file), as three
     * fields: {@code <all>-<files>-<size>}. {@code all} mixes every stat field; {@code files} the
     * inodes and {@code metadata.cq4t}'s size; {@code size} is the queue file's size (hex).
     * {@code metadata.cq4t} counts by inode and size only: Chronicle writes its lock and listing
     * fields through a shared mapping on reads too (a head read after a forced append re-dirties its
     * page and the kernel moves its ctime), so its ctime says nothing about outside changes; its fields
     * are checked one by one before Chronicle opens it ({@link MetadataFile}).
     */
    public static String of(Path ledgerDir) {
        Map<String, Object> queue = stat(JournalFile.cycleFile(ledgerDir), "unix:ino,size,ctime");
        if (queue == null) {
            return NONE;
        }
        long files = mix(number(queue, "ino") * 31 + identityStamp(ledgerDir.resolve("metadata.cq4t")));
        long size = number(queue, "size");
        long ctime = queue.get("ctime") instanceof FileTime t ? t.to(TimeUnit.NANOSECONDS) : System.nanoTime();
        long all = mix(mix(files ^ size) ^ ctime);
        return String.format("%016x-%016x-%x", all, files, size);
    }

    /**
     * Whether a journal stamped {@code now} holds what it held when stamped {@code recorded}, as far
     * as the stamps can tell: the same stamp; or the same files with the queue file only grown —
     * Chronicle extends it by a chunk when a writer or a reader reaches the end of the mapped part,
     * which moves its ctime too, so a grown file is taken as LoopX's own (every write still re-hashes
     * the last append, and the periodic check reads everything). A stamp of the earlier one-field
     * format is trusted, as a marker from before stamps is.
     */
    public static boolean sameContent(String recorded, String now) {
        if (recorded.equals(now)) {
            return true;
        }
        String[] was = recorded.split("-");
        String[] is = now.split("-");
        if (was.length != 3) {
            return true;
        }
        if (is.length != 3 || !was[1].equals(is[1])) {
            return false;
        }
        try {
            return Long.parseUnsignedLong(is[2], 16) > Long.parseUnsignedLong(was[2], 16);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The attributes asked for, from the basic view where the unix one is missing; null: no such file. */
    private static Map<String, Object> stat(Path file, String attributes) {
        try {
            return Files.readAttributes(file, attributes);
        } catch (NoSuchFileException e) {
            return null;
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            try {
                BasicFileAttributes b = Files.readAttributes(file, BasicFileAttributes.class);
                Object key = b.fileKey();
                return Map.of(
                        "ino",
                        key == null ? 0L : (long) key.hashCode(),
                        "size",
                        b.size(),
                        "ctime",
                        b.lastModifiedTime());
            } catch (NoSuchFileException gone) {
                return null;
            } catch (IOException unreadable) {
                return unreadable();
            }
        } catch (IOException e) {
            return unreadable();
        }
    }

    /** A file that cannot be read now: a stamp that matches nothing recorded, so the content is checked. */
    private static Map<String, Object> unreadable() {
        return Map.of("ino", System.nanoTime(), "size", 0L);
    }

    private static long number(Map<String, Object> attributes, String name) {
        return attributes.get(name) instanceof Number n ? n.longValue() : 0L;
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

    /** A file's inode and size (no time): replaced or resized, not rewritten in place. */
    private static long identityStamp(Path file) {
        Map<String, Object> a = stat(file, "unix:ino,size");
        return a == null ? 0 : mix(mix(number(a, "ino")) ^ number(a, "size")) | 1;
    }

    /** SplitMix64's finaliser: every input bit moves about half the output bits. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
