package dev.loopx.application.host;

import dev.loopx.host.install.CliProbe;
import dev.loopx.host.install.FileResult;
import dev.loopx.host.install.HostFileInstaller;
import dev.loopx.host.install.HostFiles;
import dev.loopx.host.install.ManagedFile;
import dev.loopx.host.install.McpLane;
import dev.loopx.host.surface.HostSurface;
import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Use case "the managed host files" (SPEC §S13): install, uninstall or inspect the files that make
 * the slash commands available in Codex, Claude Code, OpenCode and Pi. Install and inspect first
 * check that the configured CLI is an executable the hosts can run; when it is not, install writes
 * nothing and the result says so ({@link Result#cliAvailable}). Files without the managed marker
 * are the user's and are never touched ({@link HostFileInstaller}).
 */
public final class InstallSlashCommands {
    private InstallSlashCommands() {}

    /** What to do with the files. */
    public enum Action {
        INSTALL("install"),
        UNINSTALL("uninstall"),
        INSPECT("inspect");

        private final String wire;

        Action(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }
    }

    /**
     * @param surfaces the hosts, in the order they are reported
     * @param dryRun install/uninstall: report what would change, write nothing
     * @param goalBridge install: also the opt-in OpenCode goal bridge (uninstall and inspect always include it)
     * @param folders the host folder flags
     * @param mcpLane install: the lane Claude Code's {@code .mcp.json} binds {@code loopx mcp serve} to
     *     ({@link McpLane#KEEP} registers nothing new)
     */
    public record Request(
            Action action,
            Set<HostSurface> surfaces,
            String cliBin,
            boolean dryRun,
            boolean goalBridge,
            HostHomes.Flags folders,
            McpLane mcpLane) {
        public Request(
                Action action,
                Set<HostSurface> surfaces,
                String cliBin,
                boolean dryRun,
                boolean goalBridge,
                HostHomes.Flags folders) {
            this(action, surfaces, cliBin, dryRun, goalBridge, folders, McpLane.KEEP);
        }

        public Request {
            Objects.requireNonNull(mcpLane, "mcpLane");
            Objects.requireNonNull(action, "action");
            surfaces = Collections.unmodifiableSet(new LinkedHashSet<>(surfaces));
            Objects.requireNonNull(cliBin, "cliBin");
            Objects.requireNonNull(folders, "folders");
        }
    }

    /**
     * What happened: the request, where each host folder came from, whether the CLI the files call
     * can be run (always true for uninstall, which does not need it) and each file's outcome.
     */
    public record Result(
            Request request, List<HostHomes.Source> locations, boolean cliAvailable, List<FileResult> files) {
        public Result {
            Objects.requireNonNull(request, "request");
            locations = List.copyOf(locations);
            files = List.copyOf(files);
        }

        /** How many files ended in each status (by wire name, sorted). */
        public SortedMap<String, Integer> counts() {
            SortedMap<String, Integer> counts = new TreeMap<>();
            files.forEach(r -> counts.merge(r.status().wire(), 1, Integer::sum));
            return Collections.unmodifiableSortedMap(counts);
        }

        /** Whether a file was created, updated or removed. */
        public boolean changed() {
            return files.stream().anyMatch(r -> switch (r.status()) {
                case CREATED, UPDATED, REMOVED -> true;
                default -> false;
            });
        }
    }

    /**
     * Resolves the folders (refusing unusable ones), probes the CLI, then installs, uninstalls or
     * inspects. A host file that cannot be read or written is an {@link IOException}; files handled
     * before it keep their new state (each write is atomic).
     */
    public static Result run(HostEnvironment environment, Request request) throws IOException {
        HostCliBin.require(request.cliBin());
        HostHomes.Resolved at = HostHomes.resolve(environment, request.folders());
        boolean cliAvailable = request.action() == Action.UNINSTALL
                || CliProbe.find(request.cliBin(), environment.variable("PATH"), environment.workingDirectory())
                        .isPresent();
        boolean write = !request.dryRun() && cliAvailable;
        List<ManagedFile> files = HostFiles.of(
                request.surfaces(),
                at.locations(),
                request.cliBin(),
                request.goalBridge() || request.action() != Action.INSTALL,
                request.action() == Action.INSTALL ? request.mcpLane() : McpLane.KEEP);
        List<FileResult> results = switch (request.action()) {
            case INSTALL -> HostFileInstaller.install(files, !write);
            case UNINSTALL -> HostFileInstaller.uninstall(files, request.dryRun());
            case INSPECT -> HostFileInstaller.inspect(files);
        };
        return new Result(request, at.sources(), cliAvailable, results);
    }
}
