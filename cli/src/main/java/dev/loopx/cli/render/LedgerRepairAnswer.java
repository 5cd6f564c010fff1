package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.RepairLedger;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx ledger repair}'s answer, {@code loopx_ledger_repair_v0}: a sound ledger (nothing to
 * repair); a damaged one's preview ({@code ledger_repair_needed}, exit 1: where the valid chain
 * ends, how many acknowledged events keeping it would lose); or the repair done, with where the
 * damaged files were kept.
 */
public record LedgerRepairAnswer(RepairLedger.Outcome outcome) implements RenderedAnswer {
    public LedgerRepairAnswer {
        Objects.requireNonNull(outcome, "outcome");
    }

    @Override
    public boolean ok() {
        return switch (outcome) {
            case RepairLedger.Outcome.Sound sound -> true;
            case RepairLedger.Outcome.Damaged damaged -> damaged.repaired();
        };
    }

    @Override
    public ObjectNode json() {
        return switch (outcome) {
            case RepairLedger.Outcome.Sound sound -> {
                ObjectNode doc = Documents.answer("loopx_ledger_repair_v0", true);
                doc.put("damaged", false);
                doc.put("repaired", false);
                doc.put("head_seq", sound.report().head().seq());
                doc.put(
                        "message",
                        "the ledger is sound (" + sound.report().checkedEvents() + " events); nothing to repair");
                yield doc;
            }
            case RepairLedger.Outcome.Damaged damaged -> damaged(damaged);
        };
    }

    private static ObjectNode damaged(RepairLedger.Outcome.Damaged damaged) {
        ObjectNode doc = Documents.answer("loopx_ledger_repair_v0", damaged.repaired());
        doc.put("damaged", true);
        doc.put("repaired", damaged.repaired());
        doc.put("problem", damaged.problem());
        doc.put("valid_through_seq", damaged.keep().seq());
        if (damaged.acknowledged() >= 0) {
            doc.put("acknowledged_seq", damaged.acknowledged());
            doc.put("acknowledged_events_lost", damaged.lost());
        }
        doc.put("head_seq", damaged.keep().seq());
        doc.put("head_hash", damaged.keep().hash());
        if (damaged.repaired()) {
            doc.put("damaged_files_kept_at", damaged.keptAt());
            doc.put("next", "loopx ledger verify");
        } else {
            doc.put("error_code", "ledger_repair_needed");
            doc.put(
                    "next",
                    "restore a backup or import an export if you have one; otherwise keep the valid chain:"
                            + " loopx ledger repair --execute");
        }
        return doc;
    }

    void text(PrintWriter out) {
        switch (outcome) {
            case RepairLedger.Outcome.Sound sound ->
                out.println("ledger sound: " + Words.count(sound.report().head().seq(), "event")
                        + " checked, nothing to repair");
            case RepairLedger.Outcome.Damaged damaged when damaged.repaired() -> repaired(damaged, out);
            case RepairLedger.Outcome.Damaged damaged -> preview(damaged, out);
        }
    }

    /** Acknowledged events the valid chain does not hold; 0 when the acknowledged head is unknown. */
    private static long lost(RepairLedger.Outcome.Damaged damaged) {
        return damaged.acknowledged() >= 0 ? damaged.lost() : 0;
    }

    private static String keep(RepairLedger.Outcome.Damaged damaged) {
        return "seq 1–" + damaged.keep().seq();
    }

    private static void repaired(RepairLedger.Outcome.Damaged damaged, PrintWriter out) {
        long lost = lost(damaged);
        out.println("ledger repaired: kept the valid chain (" + keep(damaged) + ")"
                + (lost > 0 ? "; " + Words.count(lost, "acknowledged event") + " could not be kept" : ""));
        new Lines(out)
                .add("kept at", damaged.keptAt() + "  (the damaged files, never deleted)")
                .add("next", "loopx ledger verify")
                .print();
    }

    private static void preview(RepairLedger.Outcome.Damaged damaged, PrintWriter out) {
        long lost = lost(damaged);
        out.println("ledger DAMAGED: " + damaged.problem() + " (preview: nothing written)");
        new Lines(out)
                .add(
                        "would keep",
                        keep(damaged)
                                + (lost > 0
                                        ? " · loses " + Words.count(lost, "acknowledged event")
                                        : " · loses nothing acknowledged"))
                .add(
                        "next",
                        List.of(
                                "restore a backup or import an export if you have one (nothing is lost then); else",
                                "loopx ledger repair --execute"))
                .print();
    }
}
