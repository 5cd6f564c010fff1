package dev.loopx.cli.update;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx update …}: install a new LoopX runtime and reconcile what it manages (SPEC §S12). */
@Command(
        name = "update",
        synopsisSubcommandLabel = "COMMAND",
        description = {
            "Install a new LoopX distribution under the LoopX home and switch to it.",
            "apply --archive DIST [--sha256 HEX] verifies the archive, snapshots the",
            "installed Codex App heartbeat automations (private), installs and starts the",
            "new runtime, switches <loopx-home>/current to it, then runs the NEW runtime's",
            "automation-prompts sync-installed. ok = the runtime install;",
            "upgrade_complete = runtime and prompts both reconciled."
        })
public final class UpdateCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help.")
    boolean help;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(UpdateCommand::new, UpdateCommand::subcommand, "apply");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "apply" -> new UpdateApplyCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "update needs a subcommand: apply");
    }
}
