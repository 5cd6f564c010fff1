package dev.loopx.host.install;

import dev.loopx.ledger.files.AtomicReplace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Installs, removes and inspects managed host files. The rules (SPEC §S13):
 *
 * <ul>
 *   <li>a file without the managed marker (or a symbolic link, or a folder) is the user's: never
 *       overwritten, never removed ({@code skipped_user_file});
 *   <li>files of a pair are written together or not at all: when either is the user's, both report
 *       {@code blocked_user_owned_pi_file} and nothing of the pair is written;
 *   <li>writes are atomic (a temporary file in the same folder, flushed, then renamed over the
 *       target), so a host never reads a half-written file;
 *   <li>installing twice changes nothing the second time ({@code unchanged});
 *   <li>a retired file (one an earlier version installed) is removed by install and uninstall
 *       while it still carries the marker;
 *   <li>a dry run reads only.
 * </ul>
 *
 * Not thread-safe against a concurrent writer of the same files (a user editing a file between
 * the check and the rename wins or loses the race like any editor would).
 */
public final class HostFileInstaller {
    /** Host files are ordinary user files: 0644, whatever the umask. */
    private static final AtomicReplace HOST_FILE = AtomicReplace.withMode("rw-r--r--");

    private HostFileInstaller() {}

    public static List<FileResult> install(List<ManagedFile> files, boolean dryRun) throws IOException {
        return apply(files, dryRun, false);
    }

    /** What {@link #install} would do, with missing files reported as {@code absent}. */
    public static List<FileResult> inspect(List<ManagedFile> files) throws IOException {
        return apply(files, true, true);
    }

    public static List<FileResult> uninstall(List<ManagedFile> files, boolean dryRun) throws IOException {
        List<FileResult> results = new ArrayList<>();
        for (ManagedFile f : files) {
            Found found = find(f.target());
            if (f.retired() && found.owner().equals("none")) {
                continue;
            }
            FileStatus status = switch (found.owner()) {
                case "none" -> FileStatus.ABSENT;
                case "user" -> FileStatus.SKIPPED_USER_FILE;
                default -> dryRun ? FileStatus.WOULD_REMOVE : FileStatus.REMOVED;
            };
            if (status == FileStatus.REMOVED) {
                Files.delete(f.target());
                if (f.ownsDirectory()) {
                    removeIfEmpty(f.target().getParent());
                }
            }
            results.add(new FileResult(f, status, found.owner()));
        }
        return results;
    }

    private static List<FileResult> apply(List<ManagedFile> files, boolean dryRun, boolean inspect) throws IOException {
        Map<String, List<ManagedFile>> groups = new LinkedHashMap<>();
        for (int i = 0; i < files.size(); i++) {
            ManagedFile f = files.get(i);
            groups.computeIfAbsent(f.pair() == null ? "#" + i : f.pair(), k -> new ArrayList<>())
                    .add(f);
        }
        List<FileResult> results = new ArrayList<>();
        for (List<ManagedFile> group : groups.values()) {
            List<Found> found = new ArrayList<>();
            for (ManagedFile f : group) {
                found.add(find(f.target()));
            }
            boolean blocked =
                    group.size() > 1 && found.stream().anyMatch(x -> x.owner().equals("user"));
            for (int i = 0; i < group.size(); i++) {
                ManagedFile f = group.get(i);
                Found x = found.get(i);
                if (f.retired()) {
                    retire(f, x, dryRun).ifPresent(results::add);
                    continue;
                }
                if (f.content() == null) {
                    results.add(new FileResult(
                            f,
                            switch (x.owner()) {
                                case "none" -> inspect ? FileStatus.ABSENT : FileStatus.SKIPPED_NO_LANE;
                                case "user" -> FileStatus.SKIPPED_USER_FILE;
                                default -> FileStatus.UNCHANGED;
                            },
                            x.owner()));
                    continue;
                }
                FileStatus status = blocked
                        ? FileStatus.BLOCKED_USER_OWNED_PI_FILE
                        : switch (x.owner()) {
                            case "none" ->
                                inspect ? FileStatus.ABSENT : dryRun ? FileStatus.WOULD_CREATE : FileStatus.CREATED;
                            case "user" -> FileStatus.SKIPPED_USER_FILE;
                            default ->
                                x.content().equals(f.content())
                                        ? FileStatus.UNCHANGED
                                        : dryRun ? FileStatus.WOULD_UPDATE : FileStatus.UPDATED;
                        };
                if (status == FileStatus.CREATED || status == FileStatus.UPDATED) {
                    Files.createDirectories(f.target().getParent());
                    HOST_FILE.replace(f.target(), f.content().getBytes(StandardCharsets.UTF_8));
                }
                results.add(new FileResult(f, status, x.owner()));
            }
        }
        return results;
    }

    /** A retired file: removed while it is LoopX's, left alone when it is the user's, not reported when absent. */
    private static Optional<FileResult> retire(ManagedFile f, Found x, boolean dryRun) throws IOException {
        return switch (x.owner()) {
            case "none" -> Optional.empty();
            case "user" -> Optional.of(new FileResult(f, FileStatus.SKIPPED_USER_FILE, "user"));
            default -> {
                if (!dryRun) {
                    Files.delete(f.target());
                }
                yield Optional.of(new FileResult(f, dryRun ? FileStatus.WOULD_REMOVE : FileStatus.REMOVED, "loopx"));
            }
        };
    }

    /** A target as found: owner {@code none} (absent), {@code user} or {@code loopx}, and its text when ours. */
    private record Found(String owner, String content) {}

    private static Found find(Path target) throws IOException {
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            return new Found("none", "");
        }
        if (Files.isSymbolicLink(target) || !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            return new Found("user", "");
        }
        byte[] head;
        try (InputStream in = Files.newInputStream(target, LinkOption.NOFOLLOW_LINKS)) {
            head = in.readNBytes(ManagedMarker.SCAN_BYTES);
        }
        if (!ManagedMarker.isManaged(new String(head, StandardCharsets.UTF_8))) {
            return new Found("user", "");
        }
        return new Found("loopx", Files.readString(target, StandardCharsets.UTF_8));
    }

    private static void removeIfEmpty(Path dir) throws IOException {
        try {
            Files.deleteIfExists(dir);
        } catch (DirectoryNotEmptyException e) {
            // the user keeps something there: the folder stays
        }
    }
}
