package dev.loopx.cli.projections;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx projections …}: the derived read models (SPEC §S9). */
@Command(
        name = "projections",
        description = "Rebuild or dump the read models derived from the ledger.",
        synopsisSubcommandLabel = "COMMAND")
public final class ProjectionsCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(ProjectionsCommand::new, ProjectionsCommand::subcommand, "rebuild", "dump");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "rebuild" -> new ProjectionsRebuildCommand();
            case "dump" -> new ProjectionsDumpCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "projections needs a subcommand: rebuild or dump");
    }
}
