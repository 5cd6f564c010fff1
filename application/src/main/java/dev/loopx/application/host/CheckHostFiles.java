package dev.loopx.application.host;

import dev.loopx.application.InvalidRequest;
import dev.loopx.host.install.CliProbe;
import dev.loopx.host.install.FileResult;
import dev.loopx.host.install.FileStatus;
import dev.loopx.host.install.HostFileInstaller;
import dev.loopx.host.install.HostFiles;
import dev.loopx.host.surface.HostSurface;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Use case "are the host files healthy" ({@code loopx doctor}, SPEC §S9, §S15 "CLI unavailable to
 * the host"): which LoopX host files are installed (in the folders {@code slash-commands} would
 * use, the project being the runtime root's parent), and — when installed files call the default
 * CLI — whether that CLI is an executable on {@code PATH}. Files installed for another
 * {@code --cli-bin} are counted, not judged. Reads only.
 */
public final class CheckHostFiles {
    private CheckHostFiles() {}

    /** What the check found. */
    public sealed interface Finding {
        /** The host folders could not be read (or resolved). */
        record Unreadable() implements Finding {}

        /** No file carries LoopX's marker. */
        record NoneInstalled() implements Finding {}

        /**
         * LoopX's files: how many per surface (sorted by surface), how many are current for
         * {@code cliBin}, and — when at least one is — whether {@code cliBin} is an executable on
         * {@code PATH}.
         */
        record Installed(
                SortedMap<String, Integer> bySurface,
                int total,
                long current,
                String cliBin,
                Optional<Boolean> cliAvailable)
                implements Finding {
            public Installed {
                bySurface = Collections.unmodifiableSortedMap(new TreeMap<>(bySurface));
                Objects.requireNonNull(cliBin, "cliBin");
                Objects.requireNonNull(cliAvailable, "cliAvailable");
            }
        }
    }

    /**
     * Checks the host files of the project that {@code runtimeRoot} belongs to: its parent when it is
     * a {@code .loopx} folder, else (also without a runtime root) the working directory.
     */
    public static Finding run(HostEnvironment environment, Optional<Path> runtimeRoot) {
        Path project = runtimeRoot
                .filter(root -> root.getFileName() != null
                        && root.getFileName().toString().equals(".loopx")
                        && root.getParent() != null)
                .map(Path::getParent)
                .orElse(environment.workingDirectory());
        String cliBin = HostCliBin.DEFAULT;
        List<FileResult> results;
        try {
            HostHomes.Resolved at = HostHomes.resolve(environment, HostHomes.Flags.none(project));
            results = HostFileInstaller.inspect(
                    HostFiles.of(EnumSet.allOf(HostSurface.class), at.locations(), cliBin, true));
        } catch (IOException | InvalidRequest e) {
            return new Finding.Unreadable();
        }
        List<FileResult> ours =
                results.stream().filter(r -> r.owner().equals("loopx")).toList();
        if (ours.isEmpty()) {
            return new Finding.NoneInstalled();
        }
        SortedMap<String, Integer> bySurface = new TreeMap<>();
        ours.forEach(r -> bySurface.merge(r.file().surface().filesName(), 1, Integer::sum));
        long current =
                ours.stream().filter(r -> r.status() == FileStatus.UNCHANGED).count();
        Optional<Boolean> available = current == 0
                ? Optional.empty()
                : Optional.of(CliProbe.find(cliBin, environment.variable("PATH"), environment.workingDirectory())
                        .isPresent());
        return new Finding.Installed(bySurface, ours.size(), current, cliBin, available);
    }
}
