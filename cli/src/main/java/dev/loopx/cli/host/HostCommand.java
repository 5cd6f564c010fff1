package dev.loopx.cli.host;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code loopx host …}: what agent hosts call (SPEC §S10, §S13). A plain parent: each host
 * subcommand is one {@code addSubcommand} line below.
 */
@Command(name = "host", synopsisSubcommandLabel = "COMMAND",
        description = {"Commands agent hosts call. `host parse` is the host command registry: it turns a chat",
            "message into a handoff packet (which slash command, the task text exactly as typed, the",
            "authority it carries, the one CLI call to make next). `host codex-app install-plan` prints the exact",
            "automation_update request for a managed Codex App heartbeat. Hosts never keep state of their own."})
public final class HostCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new HostCommand());
        cl.addSubcommand("parse", new HostParseCommand());
        cl.addSubcommand("codex-app", CodexAppCommand.commandLine());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "host needs a subcommand: " + String.join(", ", spec.subcommands().keySet()));
    }
}
