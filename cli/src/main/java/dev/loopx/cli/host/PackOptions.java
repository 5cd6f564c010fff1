package dev.loopx.cli.host;

import dev.loopx.application.host.PackQuery;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.host.surface.HostSurface;
import java.util.Optional;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * Options shared by the read-only host surfaces {@code bootstrap-command-pack} and
 * {@code start-goal --guided}: their syntax is checked here before anything is read (exit 2); the
 * project folder itself is the service's to check ({@link PackQuery}).
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

    /** Checks the options' syntax; {@code goalText} is already privacy-checked. */
    PackQuery query(CliContext context, String goalText) {
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
                    ErrorCode.INVALID_VALUE, "--cli-bin must be a program name or path without spaces or quotes");
        }
        return new PackQuery(
                project,
                context.explicitRuntimeRoot(),
                goalId == null ? "" : goalId,
                agentId == null ? "" : agentId,
                goalText,
                surface,
                cliBin);
    }
}
