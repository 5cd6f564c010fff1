package dev.loopx.host.codexapp.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;

/**
 * Durable whole-file replacement: write a temp file in the same folder, fsync it, give it the old
 * file's permissions, rename it over the target (atomic), fsync the folder. A reader sees the
 * old bytes or the new bytes, never a mix; after a crash at most a stray temp file
 * ({@value #TEMP_PREFIX}*) remains, which {@link #removeStrayTemps} deletes.
 */
final class AtomicFiles {
    static final String TEMP_PREFIX = ".automation.toml.loopx-";
    static final String TEMP_SUFFIX = ".tmp";

    private AtomicFiles() {}

    static Optional<byte[]> readIfExists(Path file) throws IOException {
        try {
            return Optional.of(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /** A regular file that is not a symbolic link (a rename over a link would replace the link). */
    static boolean isPlainFile(Path file) {
        return Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS);
    }

    static void replace(Path target, byte[] bytes) throws IOException {
        Path dir = target.getParent();
        Optional<Set<PosixFilePermission>> perms = permissions(target);
        Path tmp = Files.createTempFile(dir, TEMP_PREFIX, TEMP_SUFFIX);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    ch.write(buffer);
                }
                ch.force(true);
            }
            if (perms.isPresent()) {
                Files.setPosixFilePermissions(tmp, perms.get());
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        fsyncDirectory(dir);
    }

    private static Optional<Set<PosixFilePermission>> permissions(Path file) throws IOException {
        if (!Files.exists(file) || Files.getFileAttributeView(file, PosixFileAttributeView.class) == null) {
            return Optional.empty();
        }
        return Optional.of(Files.getPosixFilePermissions(file));
    }

    static void fsyncDirectory(Path dir) throws IOException {
        if (System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows")) {
            return; // folders cannot be opened for fsync there; NTFS renames are journaled
        }
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }

    /** Deletes temp files a crashed replace left in {@code dir}; returns how many. */
    static int removeStrayTemps(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        int n = 0;
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, TEMP_PREFIX + "*" + TEMP_SUFFIX)) {
            for (Path p : stream) {
                Files.deleteIfExists(p);
                n++;
            }
        }
        return n;
    }
}
