package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.audit.VerifyReport;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx ledger verify}'s answer, {@code loopx_ledger_verify_v0}, from the
 * {@link VerifyReport}: the events checked and the head; when damaged ({@code ledger_verify_failed})
 * the first bad seq, what is wrong there and how to recover. Its text says intact or damaged, the
 * head, and for a damaged ledger the preview to run next.
 */
public record LedgerVerifyAnswer(VerifyReport report) implements RenderedAnswer {
    public LedgerVerifyAnswer {
        Objects.requireNonNull(report, "report");
    }

    @Override
    public boolean ok() {
        return report.ok();
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_ledger_verify_v0", report.ok());
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

    void text(PrintWriter out) {
        if (report.ok()) {
            out.println(
                    "ledger intact: " + Words.count(report.checkedEvents(), "event") + " checked, hash chain unbroken");
        } else {
            out.println("ledger DAMAGED at seq " + report.firstBadSeq() + ": " + report.problem());
        }
        Lines lines = new Lines(out);
        lines.add(
                "head",
                "seq " + report.head().seq() + " · hash "
                        + Words.shortHash(report.head().hash()));
        if (!report.ok()) {
            // the answer carries no valid_through_seq: the view has always shown "?" here
            lines.add("valid to", "seq ?");
            lines.add("next", List.of("loopx ledger repair", "a preview: which damaged events a repair would lose"));
        }
        lines.print();
    }
}
