package dev.loopx.ledger.files;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Durable whole-file replacement, the one way LoopX rewrites a file: the new bytes go to a temp
 * file in the target's folder ({@code .<name>.loopx-<random>.tmp}), which is fsynced and given its
 * mode, then renamed over the target ({@code ATOMIC_MOVE}), then the folder is fsynced. A reader
 * sees the old bytes or the new ones, never a mix, and never a file with a wider mode than asked;
 * a failed replace deletes its temp file and leaves the target as it was; after a crash at most a
 * stray temp file remains, which {@link #removeStrayTemps} deletes.
 *
 * <p>Refuses ({@link NotARegularFileException}, before anything is written) a target that exists
 * and is not a regular file: a symbolic link (never followed, so never written through), a folder,
 * a FIFO, socket or device. The check is made again just before the rename; a link planted in the
 * moment between the two is replaced itself (a rename never follows a link at its destination),
 * never what it points to.
 *
 * <p>Immutable and thread-safe. Concurrent replaces of one target each stay atomic and the last
 * rename wins; callers that read, modify and write serialise themselves.
 */
public final class AtomicReplace {
    /** Every temp file ends with this; see {@link #tempPrefix}. */
    public static final String TEMP_SUFFIX = ".tmp";

    private static final Set<PosixFilePermission> PRIVATE_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> PRIVATE_FOLDER = PosixFilePermissions.fromString("rwx------");
    private static final boolean WINDOWS =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    /** The mode the new file gets; empty: the mode of the file it replaces (0600 for a new one). */
    private final Optional<Set<PosixFilePermission>> mode;

    private final boolean createPrivateFolders;

    /** What a streamed replacement writes: everything, to {@code out}; {@code out} may be closed or not. */
    @FunctionalInterface
    public interface Content<T> {
        T writeTo(OutputStream out) throws IOException;
    }

    private AtomicReplace(Optional<Set<PosixFilePermission>> mode, boolean createPrivateFolders) {
        this.mode = mode.map(Set::copyOf);
        this.createPrivateFolders = createPrivateFolders;
    }

    /** A private file: mode 0600 whatever the old file's mode was. */
    public static AtomicReplace privateFile() {
        return new AtomicReplace(Optional.of(PRIVATE_FILE), false);
    }

    /** Exactly {@code posixMode} (e.g. {@code rw-r--r--}), whatever the umask or the old file's mode. */
    public static AtomicReplace withMode(String posixMode) {
        return new AtomicReplace(Optional.of(PosixFilePermissions.fromString(posixMode)), false);
    }

    /** The replaced file's own mode (0600 when there is none yet). */
    public static AtomicReplace keepingMode() {
        return new AtomicReplace(Optional.empty(), false);
    }

    /** The same, and missing folders above the target are created, each one it creates with mode 0700. */
    public AtomicReplace creatingPrivateFolders() {
        return new AtomicReplace(mode, true);
    }

    /** Replaces (or creates) {@code target} with exactly {@code bytes}. */
    public void replace(Path target, byte[] bytes) throws IOException {
        Objects.requireNonNull(bytes, "bytes");
        replace(target, out -> {
            out.write(bytes);
            return null;
        });
    }

    /**
     * Replaces (or creates) {@code target} with what {@code content} writes, and returns what it
     * returns. When {@code content} throws, the target is left as it was.
     */
    public <T> T replace(Path target, Content<T> content) throws IOException {
        Objects.requireNonNull(content, "content");
        Path file = target.toAbsolutePath();
        Path folder = file.getParent();
        if (createPrivateFolders) {
            createPrivateFolders(folder);
        }
        requireRegularFileOrNothing(file);
        Optional<Set<PosixFilePermission>> newMode = mode.isPresent() ? mode : modeOf(file);
        Path temp = Files.createTempFile(folder, tempPrefix(file), TEMP_SUFFIX);
        T result;
        try {
            if (newMode.isPresent()) {
                setMode(temp, newMode.get());
            }
            try (OutputStream out =
                    Files.newOutputStream(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                result = content.writeTo(out);
            }
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            requireRegularFileOrNothing(file);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (Throwable failure) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException suppressed) {
                failure.addSuppressed(suppressed);
            }
            throw failure;
        }
        syncFolder(folder);
        return result;
    }

    /** The name every temp file of {@code target} starts with: {@code .<name>.loopx-}. */
    public static String tempPrefix(Path target) {
        return "." + target.getFileName() + ".loopx-";
    }

    /**
     * Deletes the temp files crashed replaces of {@code target} left in its folder; returns how
     * many. Only safe while no replace of {@code target} is under way (callers hold their lock).
     */
    public static int removeStrayTemps(Path target) throws IOException {
        Path folder = target.toAbsolutePath().getParent();
        if (!Files.isDirectory(folder)) {
            return 0;
        }
        String prefix = tempPrefix(target);
        int removed = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (name.length() >= prefix.length() + TEMP_SUFFIX.length()
                        && name.startsWith(prefix)
                        && name.endsWith(TEMP_SUFFIX)) {
                    Files.deleteIfExists(entry);
                    removed++;
                }
            }
        }
        return removed;
    }

    /** Refuses ({@link NotARegularFileException}) what is there unless it is a regular file; nothing there passes. */
    static void requireRegularFileOrNothing(Path file) throws IOException {
        BasicFileAttributes found;
        try {
            found = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return;
        }
        if (found.isRegularFile()) {
            return;
        }
        throw new NotARegularFileException(
                file,
                found.isSymbolicLink()
                        ? NotARegularFileException.Found.SYMBOLIC_LINK
                        : found.isDirectory()
                                ? NotARegularFileException.Found.DIRECTORY
                                : NotARegularFileException.Found.OTHER);
    }

    private static Optional<Set<PosixFilePermission>> modeOf(Path file) throws IOException {
        try {
            return Optional.of(Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
        } catch (NoSuchFileException | UnsupportedOperationException e) {
            return Optional.empty(); // a new file keeps the temp file's 0600; not POSIX: the platform's ACLs apply
        }
    }

    private static void setMode(Path path, Set<PosixFilePermission> mode) throws IOException {
        try {
            Files.setPosixFilePermissions(path, mode);
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the platform's default ACLs apply
        }
    }

    /** Creates {@code folder} and any missing parent; each folder this creates gets 0700, existing ones are left alone. */
    static void createPrivateFolders(Path folder) throws IOException {
        if (Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Path parent = folder.getParent();
        if (parent != null) {
            createPrivateFolders(parent);
        }
        try {
            Files.createDirectory(folder);
        } catch (FileAlreadyExistsException e) {
            return; // made by someone else meanwhile, or a link to a folder: not ours to change
        }
        setMode(folder, PRIVATE_FOLDER);
    }

    private static void syncFolder(Path folder) throws IOException {
        if (WINDOWS) {
            return; // folders cannot be opened for fsync there; NTFS renames are journaled
        }
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
