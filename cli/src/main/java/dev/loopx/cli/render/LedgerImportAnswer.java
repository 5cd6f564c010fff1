package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.ImportLedger;
import dev.loopx.ledger.audit.VerifyReport;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx ledger import}'s answer, {@code loopx_ledger_import_v0}: the events in the file, how
 * many were appended and the head; or, refused ({@code import_chain_broken}, nothing appended),
 * where the file's chain breaks.
 */
public record LedgerImportAnswer(ImportLedger.Outcome outcome) implements RenderedAnswer {
    public LedgerImportAnswer {
        Objects.requireNonNull(outcome, "outcome");
    }

    @Override
    public boolean ok() {
        return outcome instanceof ImportLedger.Outcome.Imported;
    }

    @Override
    public ObjectNode json() {
        return switch (outcome) {
            case ImportLedger.Outcome.ChainBroken broken -> {
                ObjectNode refused = Documents.answer("loopx_ledger_import_v0", false);
                refused.put("error_code", "import_chain_broken");
                refused.put("first_bad_seq", broken.file().firstBadSeq());
                refused.put("problem", broken.file().problem());
                refused.put("appended", 0);
                yield refused;
            }
            case ImportLedger.Outcome.Imported imported -> {
                VerifyReport file = imported.file();
                ObjectNode doc = Documents.answer("loopx_ledger_import_v0", true);
                doc.put("events_in_file", file.checkedEvents());
                doc.put("appended", imported.appended());
                doc.put("head_seq", file.head().seq());
                doc.put("head_hash", file.head().hash());
                yield doc;
            }
        };
    }

    void text(PrintWriter out) {
        switch (outcome) {
            case ImportLedger.Outcome.ChainBroken broken ->
                out.println("import refused, nothing appended: the file's chain breaks at seq "
                        + broken.file().firstBadSeq() + ": " + broken.file().problem());
            case ImportLedger.Outcome.Imported imported -> imported(imported, out);
        }
    }

    private static void imported(ImportLedger.Outcome.Imported imported, PrintWriter out) {
        long appended = imported.appended();
        VerifyReport file = imported.file();
        out.println(
                appended == 0
                        ? "nothing to import: the ledger already holds all "
                                + Words.count(file.checkedEvents(), "event") + " of the file"
                        : "imported " + Words.count(appended, "event") + " (" + file.checkedEvents() + " in the file)");
        new Lines(out)
                .add(
                        "head",
                        "seq " + file.head().seq() + " · hash "
                                + Words.shortHash(file.head().hash()))
                .print();
    }
}
