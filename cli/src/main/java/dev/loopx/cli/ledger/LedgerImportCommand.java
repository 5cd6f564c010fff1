package dev.loopx.cli.ledger;

import dev.loopx.application.ledger.ImportLedger;
import dev.loopx.cli.render.LedgerImportAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.ProgressLine;
import dev.loopx.ledger.LedgerException;
import java.io.IOException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(
        name = "import",
        description = {
            "Append the events of an export FILE to this runtime root's ledger.",
            "The file's whole chain is verified first; a broken chain is refused with its first bad seq",
            "and nothing is written. The ledger must be empty or hold a prefix of the file (so an",
            "interrupted import can simply be run again). A --runtime-root that does not exist yet (or",
            "is an empty folder) is created.",
            "",
            "Example:  loopx --runtime-root /srv/newhost/.loopx ledger import ledger-export.jsonl"
        })
public final class LedgerImportCommand extends LoopxSubcommand {
    @Parameters(
            index = "0",
            paramLabel = "FILE",
            description = "The export to read: the JSON lines that loopx ledger export wrote.")
    String file;

    @Override
    protected int execute(CliContext context) throws IOException {
        ImportLedger.Outcome outcome;
        try {
            outcome = ImportLedger.run(
                    context.invocation(), new ImportLedger.Request(file), phase -> ProgressLine.of(context, phase));
        } catch (LedgerException e) {
            if (e.errorCode().equals("ledger_not_empty")) {
                throw new CliError(
                        ErrorCode.LEDGER_NOT_EMPTY,
                        e.getMessage(),
                        "import into a new runtime root: run ledger import again with --runtime-root naming a new folder");
            }
            throw e;
        }
        return context.emit(new LedgerImportAnswer(outcome));
    }
}
