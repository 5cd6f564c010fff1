package dev.loopx.cli.ledger;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.ImportLedger;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.ProgressLine;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.audit.VerifyReport;
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
                        "import into a new runtime root: loopx --runtime-root <new-runtime-root> ledger import <file>");
            }
            throw e;
        }
        return context.emit(toJson(outcome));
    }

    /** {@code loopx_ledger_import_v0}. */
    private static ObjectNode toJson(ImportLedger.Outcome outcome) {
        return switch (outcome) {
            case ImportLedger.Outcome.ChainBroken broken -> {
                ObjectNode refused = CliContext.document("loopx_ledger_import_v0", false);
                refused.put("error_code", "import_chain_broken");
                refused.put("first_bad_seq", broken.file().firstBadSeq());
                refused.put("problem", broken.file().problem());
                refused.put("appended", 0);
                yield refused;
            }
            case ImportLedger.Outcome.Imported imported -> {
                VerifyReport file = imported.file();
                ObjectNode doc = CliContext.document("loopx_ledger_import_v0", true);
                doc.put("events_in_file", file.checkedEvents());
                doc.put("appended", imported.appended());
                doc.put("head_seq", file.head().seq());
                doc.put("head_hash", file.head().hash());
                yield doc;
            }
        };
    }
}
