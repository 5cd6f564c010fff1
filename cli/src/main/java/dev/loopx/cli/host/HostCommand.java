package dev.loopx.cli.host;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code loopx host …}: what agent hosts call (SPEC §S10, §S13). A plain parent: each host
 * subcommand is one {@code addSubcommand} line below.
 */
@Command(
        name = "host",
        synopsisSubcommandLabel = "COMMAND",
        description = {
            "Commands agent hosts call. `host parse` is the host command registry: it turns a chat",
            "message into a handoff packet (which slash command, the task text exactly as typed, the",
            "authority it carries, the one CLI call to make next). `host codex-app install-plan` prints the exact",
            "automation_update request for a managed Codex App heartbeat. Hosts never keep state of their own."
        })
public final class HostCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(HostCommand::new, HostCommand::subcommand, "parse", "codex-app");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "parse" -> new HostParseCommand();
            case "codex-app" -> CodexAppCommand.tree();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(),
                "host needs a subcommand: "
                        + String.join(", ", spec.subcommands().keySet()));
    }
}
