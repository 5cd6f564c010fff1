package dev.loopx.cli.update;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx update …}: install a new LoopX runtime and reconcile what it manages (SPEC §S12). */
@Command(name = "update", synopsisSubcommandLabel = "COMMAND",
        description = {"Install a new LoopX distribution under the LoopX home and switch to it.",
            "apply --archive DIST [--sha256 HEX] verifies the archive, snapshots the",
            "installed Codex App heartbeat automations (private), installs and starts the",
            "new runtime, switches <loopx-home>/current to it, then runs the NEW runtime's",
            "automation-prompts sync-installed. ok = the runtime install;",
            "upgrade_complete = runtime and prompts both reconciled."})
public final class UpdateCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help.")
    boolean help;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new UpdateCommand());
        cl.addSubcommand("apply", new UpdateApplyCommand());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "update needs a subcommand: apply");
    }
}
