package dev.loopx.host.codexapp.migration;

import dev.loopx.ledger.files.AtomicReplace;
import dev.loopx.ledger.files.NotARegularFileException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * Private files of prompt migrations (plan files, snapshots, journals and reports hold prompt
 * bodies and local paths): files 0600, missing folders created 0700, each written by one
 * {@link AtomicReplace} (temp file created next to the target with {@code O_EXCL}, fsynced,
 * renamed, folder fsynced), so a reader sees the old or the new content, never a mix.
 *
 * <p>Only a regular file (or nothing) is ever replaced. A device node, folder, FIFO, socket or
 * symbolic link at the target, or a symbolic link as the folder that holds it, is
 * {@link Refused} before anything is written; a link is never followed.
 */
public final class PrivateFiles {
    private static final AtomicReplace PRIVATE = AtomicReplace.privateFile().creatingPrivateFolders();

    private PrivateFiles() {}

    /**
     * A private file's path names something that is not LoopX's to replace. Nothing was written.
     * Callers report it as bad input ({@link #ERROR_CODE}); the message never names the path.
     */
    public static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        public static final String ERROR_CODE = "private_file_target_refused";
        private final transient Path target;

        Refused(Path target, String found) {
            super("refusing to replace " + found + " with a private file; only a regular file is ever replaced");
            this.target = target;
        }

        /** The refused path (local: never for public output). */
        public Path target() {
            return target;
        }
    }

    /** Writes {@code bytes} to {@code target} atomically with mode 0600; {@link Refused} when the target is not a regular file. */
    public static void write(Path target, byte[] bytes) throws IOException {
        write(target, bytes, null);
    }

    /**
     * {@link #write(Path, byte[])} for a file under LoopX's own private folder
     * ({@code <runtime-root>/private}): no folder from {@code privateFolder} down to the target's
     * may be a symbolic link either.
     */
    public static void write(Path target, byte[] bytes, Path privateFolder) throws IOException {
        Objects.requireNonNull(bytes, "bytes");
        requireReplaceable(target, privateFolder);
        try {
            PRIVATE.replace(target, bytes);
        } catch (NotARegularFileException e) {
            throw new Refused(target, e.found().description()); // planted after the check above
        }
    }

    /**
     * Checks, without writing, that {@code target} may be replaced: absent or a regular file (not
     * a link), in a folder that is absent or a real folder (not a link).
     */
    public static void requireReplaceable(Path target) {
        requireReplaceable(target, null);
    }

    /** {@link #requireReplaceable(Path)}, and every folder from {@code privateFolder} (when given) down is real. */
    public static void requireReplaceable(Path target, Path privateFolder) {
        Path file = target.toAbsolutePath();
        requireRealFolder(file.getParent());
        if (privateFolder != null) {
            Path top = privateFolder.toAbsolutePath();
            for (Path f = file.getParent(); f != null && f.startsWith(top); f = f.getParent()) {
                requireRealFolder(f);
            }
        }
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isRegularFile()) {
                throw new Refused(
                        file,
                        a.isSymbolicLink()
                                ? "a symbolic link"
                                : a.isDirectory() ? "a folder" : "a special file (FIFO, socket or device)");
            }
        } catch (NoSuchFileException e) {
            // nothing there yet
        } catch (IOException e) {
            throw new UncheckedIOException("a private file could not be checked", e);
        }
    }

    private static void requireRealFolder(Path folder) {
        if (folder == null) {
            return;
        }
        try {
            BasicFileAttributes a = Files.readAttributes(folder, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isDirectory()) {
                throw new Refused(folder, a.isSymbolicLink() ? "a file in a linked folder" : "a file in a non-folder");
            }
        } catch (NoSuchFileException e) {
            // created 0700 by the write
        } catch (IOException e) {
            throw new UncheckedIOException("a private folder could not be checked", e);
        }
    }
}
