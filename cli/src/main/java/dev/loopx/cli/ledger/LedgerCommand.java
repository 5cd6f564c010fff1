package dev.loopx.cli.ledger;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx ledger …}: audit and transfer of the append-only journal (SPEC §S2). */
@Command(
        name = "ledger",
        description = "Audit, move and repair the append-only ledger: verify, replay, export, import, migrate, repair.",
        synopsisSubcommandLabel = "COMMAND")
public final class LedgerCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(
                LedgerCommand::new,
                LedgerCommand::subcommand,
                "verify",
                "replay",
                "export",
                "import",
                "migrate",
                "repair");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "verify" -> new LedgerVerifyCommand();
            case "replay" -> new LedgerReplayCommand();
            case "export" -> new LedgerExportCommand();
            case "import" -> new LedgerImportCommand();
            case "repair" -> new LedgerRepairCommand();
            case "migrate" -> new LedgerMigrateCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "ledger needs a subcommand: verify, replay, export, import, migrate or repair");
    }
}
