package dev.loopx.cli.projections;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx projections …}: the derived read models (SPEC §S9). */
@Command(name = "projections", description = "Rebuild or dump the read models derived from the ledger.",
        synopsisSubcommandLabel = "COMMAND")
public final class ProjectionsCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new ProjectionsCommand());
        cl.addSubcommand("rebuild", new ProjectionsRebuildCommand());
        cl.addSubcommand("dump", new ProjectionsDumpCommand());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "projections needs a subcommand: rebuild or dump");
    }
}
