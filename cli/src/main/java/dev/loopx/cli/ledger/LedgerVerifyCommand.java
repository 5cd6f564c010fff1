package dev.loopx.cli.ledger;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.VerifyLedger;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.ProgressLine;
import dev.loopx.ledger.audit.VerifyReport;
import picocli.CommandLine.Command;

@Command(
        name = "verify",
        description = {
            "Check the whole ledger: dense seq from 1, the hash chain, every hash and event_id, every",
            "payload decodable, and no acknowledged tail missing. Exit 1 and the first bad seq when not."
        })
public final class LedgerVerifyCommand extends LoopxSubcommand {
    @Override
    protected int execute(CliContext context) {
        return context.emit(toJson(VerifyLedger.run(context.invocation(), ProgressLine.of(context, "verify"))));
    }

    /** {@code loopx_ledger_verify_v0}. */
    private static ObjectNode toJson(VerifyReport report) {
        ObjectNode doc = CliContext.document("loopx_ledger_verify_v0", report.ok());
        doc.put("events_checked", report.checkedEvents());
        doc.put("head_seq", report.head().seq());
        doc.put("head_hash", report.head().hash());
        if (!report.ok()) {
            doc.put("error_code", "ledger_verify_failed");
            doc.put("first_bad_seq", report.firstBadSeq());
            doc.put("problem", report.problem());
            doc.put(
                    "hint",
                    "the ledger is damaged from seq " + report.firstBadSeq()
                            + "; restore it from a backup or an export (loopx ledger import)");
        }
        return doc;
    }
}
