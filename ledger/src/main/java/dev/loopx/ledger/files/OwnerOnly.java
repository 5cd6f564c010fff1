package dev.loopx.ledger.files;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A runtime root holds todo text, evidence and private files: everything under it is readable by
 * its owner only — folders 0700, files 0600 — whatever the umask of the process that created them
 * (Chronicle Queue and SQLite create their files with the umask's permissions). Symbolic links are
 * never followed and never changed. On a file system without POSIX permissions this does nothing.
 */
public final class OwnerOnly {
    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE);
    private static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    /** Makes one file or folder (just created by a library that follows the umask) owner-only. */
    public static void restrict(Path path) {
        try {
            if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                Files.setPosixFilePermissions(path, FOLDER);
            } else if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                Files.setPosixFilePermissions(path, FILE);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // not a POSIX file system, or it vanished: nothing to restrict
        }
    }

    /** The attribute that creates a file owner-only ({@code 0600}) in one step, umask or not. */
    public static FileAttribute<Set<PosixFilePermission>> fileAttribute() {
        return PosixFilePermissions.asFileAttribute(FILE);
    }

    private OwnerOnly() {}

    /** Folders and regular files under {@code root} (itself included) that others may access, relative to it. */
    public static List<String> loosened(Path root) {
        return walk(root, false);
    }

    /** Takes every group/other permission away under {@code root}; returns what was looser. */
    public static List<String> tighten(Path root) {
        return walk(root, true);
    }

    private static List<String> walk(Path root, boolean fix) {
        List<String> loose = new ArrayList<>();
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return loose;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                    visit(dir, true);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    if (attrs.isRegularFile()) {
                        visit(file, false);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // vanished meanwhile, or unreadable: not ours to judge here
                }

                private void visit(Path path, boolean folder) throws IOException {
                    PosixFileAttributes attrs =
                            Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    Set<PosixFilePermission> perms = attrs.permissions();
                    if (perms.stream().anyMatch(OTHERS::contains)) {
                        String name = root.relativize(path).toString();
                        loose.add(name.isEmpty() ? "." : name);
                        if (fix) {
                            Set<PosixFilePermission> tightened = EnumSet.noneOf(PosixFilePermission.class);
                            tightened.addAll(perms);
                            tightened.removeAll(OTHERS);
                            if (folder) {
                                tightened.addAll(FOLDER);
                            }
                            Files.setPosixFilePermissions(path, tightened);
                        }
                    }
                }
            });
        } catch (IOException | UnsupportedOperationException e) {
            // no POSIX permissions here (or the walk could not start): nothing to tighten
        }
        return loose;
    }
}
