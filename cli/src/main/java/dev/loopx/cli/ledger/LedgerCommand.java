package dev.loopx.cli.ledger;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx ledger …}: audit and transfer of the append-only journal (SPEC §S2). */
@Command(name = "ledger", description = "Audit and move the append-only ledger: verify, replay, export, import.",
        synopsisSubcommandLabel = "COMMAND")
public final class LedgerCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new LedgerCommand());
        cl.addSubcommand("verify", new LedgerVerifyCommand());
        cl.addSubcommand("replay", new LedgerReplayCommand());
        cl.addSubcommand("export", new LedgerExportCommand());
        cl.addSubcommand("import", new LedgerImportCommand());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "ledger needs a subcommand: verify, replay, export or import");
    }
}
