package dev.loopx.cli.ops;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Hidden tools for tests and benchmarks; not part of the contract. */
@Command(name = "debug", hidden = true, description = "Diagnostics for tests and benchmarks (not a stable interface).")
public final class DebugCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new DebugCommand());
        cl.addSubcommand("append-load", new AppendLoadCommand());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "debug needs a subcommand");
    }
}
