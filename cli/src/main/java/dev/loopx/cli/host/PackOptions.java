package dev.loopx.cli.host;

import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.commands.Ids;
import dev.loopx.host.pack.PackRequest;
import dev.loopx.host.pack.ProjectSnapshot;
import dev.loopx.host.pack.RuntimeRef;
import dev.loopx.host.surface.HostSurface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * Options shared by the read-only host surfaces {@code bootstrap-command-pack} and
 * {@code start-goal --guided}, validated before anything is opened (exit 2), and the read of the
 * project that writes nothing ({@link ProjectSnapshot#read}).
 */
final class PackOptions {
    private static final Pattern CLI_BIN = Pattern.compile("[A-Za-z0-9_.][A-Za-z0-9_./-]{0,200}");

    @Option(names = "--project", required = true, paramLabel = "DIR", description = "The project folder.")
    String project;

    @Option(
            names = "--goal-id",
            paramLabel = "ID",
            description = "The goal (needed when the runtime root holds several).")
    String goalId;

    @Option(
            names = "--agent-id",
            paramLabel = "ID",
            description = "The agent this host runs as (needed when several are registered).")
    String agentId;

    @Option(
            names = "--host-surface",
            paramLabel = "SURFACE",
            description = "codex-app | codex-cli | claude-code | pi | opencode | shell")
    String hostSurface;

    @Option(
            names = "--cli-bin",
            paramLabel = "NAME",
            description = "How the printed commands name the LoopX CLI (default loopx).")
    String cliBin = "loopx";

    /** Validates everything and reads the project; {@code goalText} is already privacy-checked. */
    PackRequest request(CliContext context, String goalText) {
        if (goalId != null) {
            IdOptions.requireGoalId(goalId);
        }
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        Optional<HostSurface> surface = Optional.empty();
        if (hostSurface != null) {
            surface = Optional.of(HostSurfaces.require("--host-surface", hostSurface));
        }
        if (!CLI_BIN.matcher(cliBin).matches()) {
            throw CliError.badInput(
                    "invalid_value", "--cli-bin must be a program name or path without spaces or quotes");
        }
        Path cwd = context.environment().workingDirectory();
        Path projectDir = cwd.resolve(project).normalize();
        if (!Files.isDirectory(projectDir)) {
            throw CliError.badInput("project_not_found", "--project is not an existing folder");
        }
        String label = Ids.sanitise(
                projectDir.getFileName() == null
                        ? "project"
                        : projectDir.getFileName().toString(),
                "project");
        String projectRef = reference(cwd, projectDir, project);
        Optional<Path> explicitRoot = context.explicitRuntimeRoot();
        String rootRef = explicitRoot
                .map(r -> reference(cwd, r, r.toString()))
                .orElse(projectRef.equals(".") ? "" : projectRef + "/.loopx");
        return new PackRequest(
                new RuntimeRef(projectRef, rootRef),
                label,
                Ids.sanitise(label + "-goal", "project-goal"),
                goalId == null ? "" : goalId,
                agentId == null ? "" : agentId,
                goalText,
                surface,
                cliBin);
    }

    /** Reads the runtime root without writing (never creates it, never catches projections up). */
    ProjectSnapshot snapshot(CliContext context) {
        Path projectDir =
                context.environment().workingDirectory().resolve(project).normalize();
        return ProjectSnapshot.read(context.explicitRuntimeRoot().orElse(projectDir.resolve(".loopx")));
    }

    /** {@code .} for the working directory, a relative path below it, else what the user gave. */
    private static String reference(Path cwd, Path dir, String given) {
        if (dir.equals(cwd)) {
            return ".";
        }
        if (dir.startsWith(cwd)) {
            return cwd.relativize(dir).toString().replace('\\', '/');
        }
        return given;
    }
}
