package dev.loopx.cli.host;

import dev.loopx.application.host.HostCliBin;
import dev.loopx.application.host.ParseHostMessage;
import dev.loopx.cli.render.CommandLines;
import dev.loopx.cli.render.HostHandoffAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.commands.privacy.PublicTextViolation;
import dev.loopx.projections.next.Flag;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx host parse} (SPEC §S10): the host command registry ({@link ParseHostMessage},
 * rendered by {@link HostHandoffAnswer}). Reads nothing but its arguments and the name of the project
 * folder; writes nothing, ever. Unknown commands in LoopX's namespace answer {@code ok=false} with
 * the catalog as help (exit 1); ordinary chat answers {@code matched=false}.
 */
@Command(
        name = "parse",
        description = {
            "Match a chat message against the slash-command catalog and print a handoff packet",
            "(codex_app_host_command_handoff_v0): command, canonical_command, task_text (exactly as typed),",
            "host_surface, project_root_label, goal_id, agent_id, authority, cli_fallback, next_step.",
            "Only an exact command token at the very start of the message matches (/loopxfoo is not /loopx);",
            "legacy /loop-global-* aliases canonicalise; an unknown /loopx-* command fails closed (exit 1) with",
            "the catalog as help; anything else is ordinary chat (matched=false). It never writes anything."
        },
        footer = {
            "",
            "Examples:",
            "  loopx host parse --message '/loopx' --host-surface claude-code --project .",
            "  loopx host parse --message '/loopx fix issue triage' --host-surface codex-app",
            "  loopx host parse --message '/loop-global-summary'"
        })
public final class HostParseCommand extends LoopxSubcommand {

    @Option(names = "--message", required = true, paramLabel = "TEXT", description = "The chat message, unchanged.")
    String message;

    @Option(
            names = "--host-surface",
            paramLabel = "SURFACE",
            description = "Where the message came from: codex-app, codex-cli, claude-code, pi, opencode, shell.")
    String hostSurface;

    @Option(
            names = "--project",
            paramLabel = "DIR",
            description = "The project folder (default: the working folder). Only its name is printed.")
    String project;

    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal the host is bound to, if any.")
    String goalId;

    @Option(names = "--agent-id", paramLabel = "ID", description = "The agent the host is bound to, if any.")
    String agentId;

    @Option(
            names = "--cli-bin",
            paramLabel = "NAME",
            defaultValue = HostCliBin.DEFAULT,
            description = "The CLI name used in cli_fallback (default: ${DEFAULT-VALUE}).")
    String cliBin;

    @Override
    protected int execute(CliContext context) {
        if (goalId != null) {
            IdOptions.requireGoalId(goalId);
        }
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        String surface = hostSurface == null
                ? null
                : HostSurfaces.require("--host-surface", hostSurface).wire();
        var request = new ParseHostMessage.Request(message, surface, project, goalId, agentId, cliBin);
        var handoff = ParseHostMessage.run(context.hostEnvironment(), request).getOrElseThrow(found -> {
            // the use case names the input as it knows it; the CLI names it by its flag
            PublicTextViolation v = found.withField(CommandLines.flag(Flag.MESSAGE));
            return new CliError(v.errorCode(), v.message(), v.hint());
        });
        return context.emit(new HostHandoffAnswer(handoff));
    }
}
