package dev.loopx.cli.host;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx host …}: host adapters (SPEC §S10, §S13). */
@Command(name = "host", synopsisSubcommandLabel = "COMMAND",
        description = {"Host adapters: what an agent host (Codex App, Claude Code, Pi…) needs from LoopX.",
            "codex-app install-plan prints the exact automation_update request for a managed heartbeat."})
public final class HostCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new HostCommand());
        cl.addSubcommand("codex-app", CodexAppCommand.commandLine());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "host needs a subcommand: codex-app");
    }
}
