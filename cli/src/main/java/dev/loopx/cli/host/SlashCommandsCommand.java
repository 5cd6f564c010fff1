package dev.loopx.cli.host;

import dev.loopx.application.host.HostCliBin;
import dev.loopx.application.host.HostHomes;
import dev.loopx.application.host.InstallSlashCommands;
import dev.loopx.application.host.ShowSlashCommands;
import dev.loopx.cli.render.SlashCatalogAnswer;
import dev.loopx.cli.render.SlashInstallAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.host.install.McpLane;
import dev.loopx.host.surface.HostSurface;
import java.io.IOException;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Set;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx slash-commands} (SPEC §S10, §S13): without an action, the catalog
 * ({@link ShowSlashCommands}, {@code loopx_slash_command_catalog_v0}); with {@code --install},
 * {@code --uninstall} or {@code --inspect}, the managed host files ({@link InstallSlashCommands},
 * {@code loopx_slash_command_install_v0}). Install and inspect report a {@code cli_unavailable}
 * blocker when the configured CLI cannot be found; install then writes nothing. Both documents
 * are {@link SlashCatalogAnswer} and {@link SlashInstallAnswer}.
 */
@Command(
        name = "slash-commands",
        description = {
            "The LoopX slash commands (/loopx, /loopx <goal text>, /loopx-global-*) with the exact CLI",
            "call behind each, or — with --install, --uninstall or --inspect — the host files that make them",
            "available in Codex, Claude Code, OpenCode and Pi. Installed files carry the managed marker",
            "<!-- loopx-managed-slash-command:v1 … -->; files without it are yours and are never overwritten or",
            "removed. Writes are atomic; installing twice changes nothing; --dry-run writes nothing.",
            "Host folders: --codex-home / CODEX_HOME (~/.codex), --claude-home / CLAUDE_HOME (~/.claude),",
            "--opencode-config-dir / OPENCODE_CONFIG_DIR (~/.config/opencode), --pi-agent-dir / PI_CODING_AGENT_DIR",
            "(default: the project's .pi/extensions). Codex gets the skill <codex-home>/skills/loopx/SKILL.md.",
            "Claude Code's MCP registration is the project's .mcp.json: bound to one lane with --goal-id/--agent-id,",
            "unbound only with --mcp-unbound, else none is written (an installed one is kept)."
        },
        footer = {
            "",
            "Examples:",
            "  loopx slash-commands --format text",
            "  loopx slash-commands --install --surface claude-code --project . --dry-run",
            "  loopx slash-commands --install --surface claude-code --project . --goal-id g --agent-id builder",
            "  loopx slash-commands --install --surface pi --project .",
            "  loopx slash-commands --inspect",
            "  loopx slash-commands --uninstall --surface codex"
        })
public final class SlashCommandsCommand extends LoopxSubcommand {
    @Option(names = "--no-legacy-aliases", description = "Leave the legacy /loop-global-* aliases out of the catalog.")
    boolean noLegacyAliases;

    @Option(
            names = "--cli-bin",
            paramLabel = "NAME",
            defaultValue = HostCliBin.DEFAULT,
            description = "The CLI the catalog and the installed files call (default: ${DEFAULT-VALUE}).")
    String cliBin;

    @ArgGroup(exclusive = true)
    Action action;

    static final class Action {
        @Option(names = "--install", description = "Write the host files (marked as LoopX's).")
        boolean install;

        @Option(names = "--uninstall", description = "Remove the marked host files; user files stay.")
        boolean uninstall;

        @Option(names = "--inspect", description = "Report each host file's state; write nothing.")
        boolean inspect;
    }

    @Option(
            names = "--surface",
            paramLabel = "HOST",
            description = "codex | claude-code | opencode | pi | all (default: all).")
    String surface;

    @Option(names = "--dry-run", description = "With --install/--uninstall: report what would change; write nothing.")
    boolean dryRun;

    @Option(
            names = "--project",
            paramLabel = "DIR",
            description = "Project folder for .mcp.json and .pi/extensions (default: the working folder).")
    String project;

    @Option(
            names = "--goal-bridge",
            description = "With --install --surface opencode|all: also install the opt-in OpenCode goal bridge.")
    boolean goalBridge;

    @Option(
            names = "--goal-id",
            paramLabel = "ID",
            description = "With --install: bind Claude Code's .mcp.json server (loopx mcp serve) to this goal.")
    String goalId;

    @Option(
            names = "--agent-id",
            paramLabel = "ID",
            description = "With --install and --goal-id: bind the .mcp.json server to this agent (lane) too.")
    String agentId;

    @Option(
            names = "--mcp-unbound",
            description =
                    "With --install: register an unbound loopx mcp serve in .mcp.json (every call names its goal).")
    boolean mcpUnbound;

    @Option(names = "--codex-home", paramLabel = "DIR", description = "Codex home (else $CODEX_HOME, else ~/.codex).")
    String codexHome;

    @Option(
            names = "--claude-home",
            paramLabel = "DIR",
            description = "Claude Code home (else $CLAUDE_HOME, else ~/.claude).")
    String claudeHome;

    @Option(
            names = "--opencode-config-dir",
            paramLabel = "DIR",
            description = "OpenCode config folder (else $OPENCODE_CONFIG_DIR, else ~/.config/opencode).")
    String opencodeConfigDir;

    @Option(
            names = "--pi-agent-dir",
            paramLabel = "DIR",
            description =
                    "Pi agent folder: the Pi pair goes to DIR/extensions (else $PI_CODING_AGENT_DIR, else <project>/.pi/extensions).")
    String piAgentDir;

    @Override
    protected int execute(CliContext context) {
        HostCliBin.require(cliBin);
        if (action == null) {
            if (surface != null
                    || dryRun
                    || project != null
                    || goalBridge
                    || codexHome != null
                    || claudeHome != null
                    || opencodeConfigDir != null
                    || piAgentDir != null
                    || goalId != null
                    || agentId != null
                    || mcpUnbound) {
                throw CliError.badInput(
                        ErrorCode.INVALID_ARGUMENTS,
                        "--surface, --dry-run, --project, --goal-bridge, --goal-id, --agent-id, --mcp-unbound and the host folder options need --install, --uninstall or --inspect");
            }
            return context.emit(new SlashCatalogAnswer(ShowSlashCommands.run(cliBin, !noLegacyAliases)));
        }
        if (noLegacyAliases) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS,
                    "--no-legacy-aliases applies to the catalog, not to --install/--uninstall/--inspect");
        }
        if (dryRun && action.inspect) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS, "--inspect never writes; --dry-run is for --install and --uninstall");
        }
        return files(context, mcpLane());
    }

    /** The lane Claude Code's .mcp.json binds: given only with --install. */
    private McpLane mcpLane() {
        if (goalId == null && agentId == null && !mcpUnbound) {
            return McpLane.KEEP;
        }
        if (!action.install) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS, "--goal-id, --agent-id and --mcp-unbound apply to --install only");
        }
        if (mcpUnbound && (goalId != null || agentId != null)) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS,
                    "--mcp-unbound registers a server without a lane: drop --goal-id/--agent-id");
        }
        if (mcpUnbound) {
            return new McpLane(null, null, true);
        }
        if (goalId == null) {
            throw CliError.badInput(ErrorCode.INVALID_ARGUMENTS, "--agent-id needs --goal-id");
        }
        IdOptions.requireGoalId(goalId);
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        return new McpLane(goalId, agentId, false);
    }

    private int files(CliContext context, McpLane lane) {
        var request = new InstallSlashCommands.Request(
                action.install
                        ? InstallSlashCommands.Action.INSTALL
                        : action.uninstall
                                ? InstallSlashCommands.Action.UNINSTALL
                                : InstallSlashCommands.Action.INSPECT,
                surfaces(),
                cliBin,
                dryRun,
                goalBridge,
                new HostHomes.Flags(codexHome, claudeHome, opencodeConfigDir, piAgentDir, project),
                lane);
        InstallSlashCommands.Result result;
        try {
            result = InstallSlashCommands.run(context.hostEnvironment(), request);
        } catch (IOException e) {
            throw new CliError(
                    ErrorCode.HOST_FILE_WRITE_FAILED,
                    "a host file could not be read or written (" + e.getClass().getSimpleName()
                            + "); files already handled keep their new state, each write was atomic",
                    "loopx slash-commands --inspect");
        }
        return context.emit(new SlashInstallAnswer(result));
    }

    private Set<HostSurface> surfaces() {
        String chosen = surface == null
                ? "all"
                : TextOptions.oneOf("--surface", surface, "codex", "claude-code", "opencode", "pi", "all");
        if (chosen.equals("all")) {
            return new LinkedHashSet<>(HostSurface.withHostFiles());
        }
        return EnumSet.of(HostSurface.forHostFiles(chosen).orElseThrow());
    }
}
