package dev.loopx.cli.ops;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Hidden tools for tests and benchmarks; not part of the contract. */
@Command(name = "debug", hidden = true, description = "Diagnostics for tests and benchmarks (not a stable interface).")
public final class DebugCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(
                DebugCommand::new,
                DebugCommand::subcommand,
                "append-load",
                "train-reads",
                "train-writes",
                "hold-ledger",
                "answer");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "append-load" -> new AppendLoadCommand();
            case "train-reads" -> new TrainReadsCommand();
            case "train-writes" -> new TrainWritesCommand();
            case "hold-ledger" -> new HoldLedgerCommand();
            case "answer" -> new AnswerCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "debug needs a subcommand");
    }
}
