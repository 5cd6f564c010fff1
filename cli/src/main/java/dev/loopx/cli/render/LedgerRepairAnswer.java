package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.RepairLedger;
import dev.loopx.ledger.Salvage;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx ledger repair}'s answer, {@code loopx_ledger_repair_v0}: a sound ledger (nothing to
 * repair); a damaged one's preview ({@code ledger_repair_needed}, exit 1: which events the repair
 * keeps, which it loses, by seq, type and time); or the repair done, with where the damaged files
 * were kept.
 */
public record LedgerRepairAnswer(RepairLedger.Outcome outcome) implements RenderedAnswer {
    /** Lost events listed one per line in the text view; the JSON lists them all. */
    private static final int LOST_LINES = 20;

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
        Salvage salvage = damaged.salvage();
        ObjectNode doc = Documents.answer("loopx_ledger_repair_v0", damaged.repaired());
        doc.put("damaged", true);
        doc.put("repaired", damaged.repaired());
        doc.put("problem", damaged.problem());
        doc.put("valid_through_seq", salvage.validThrough().seq());
        if (damaged.acknowledged() >= 0) {
            doc.put("acknowledged_seq", damaged.acknowledged());
            doc.put("acknowledged_events_lost", damaged.acknowledgedLost());
        }
        doc.put("kept_events", salvage.events().size());
        doc.put("rechained_events", salvage.rechained());
        ArrayNode lost = doc.putArray("lost_events");
        for (Salvage.Lost l : salvage.lost()) {
            lost.addObject().put("seq", l.seq()).put("type", l.type()).put("recorded_at", l.recordedAt());
        }
        doc.put("head_seq", damaged.head().seq());
        if (damaged.repaired()) {
            doc.put("head_hash", damaged.head().hash());
            doc.put("damaged_files_kept_at", damaged.keptAt());
            doc.put("next", "loopx ledger verify");
        } else {
            doc.put("error_code", "ledger_repair_needed");
            doc.put(
                    "next",
                    "restore a backup or import an export if you have one; otherwise keep every intact event:"
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

    /** How many events are kept, and how: {@code 9 events (seq 1–4 as stored, 5 re-chained after the damage)}. */
    private static String kept(Salvage salvage) {
        long valid = salvage.validThrough().seq();
        long rechained = salvage.rechained();
        String asStored = valid > 0 ? "seq 1–" + valid + " as stored" : "";
        String after = rechained > 0 ? rechained + " re-chained after the damage" : "";
        String how = asStored.isEmpty() || after.isEmpty() ? asStored + after : asStored + ", " + after;
        return Words.count(salvage.events().size(), "event") + (how.isEmpty() ? "" : " (" + how + ")");
    }

    private static List<String> lostLines(Salvage salvage) {
        List<String> lines = new ArrayList<>();
        for (Salvage.Lost l : salvage.lost()) {
            if (lines.size() == LOST_LINES) {
                lines.add("… " + (salvage.lost().size() - LOST_LINES) + " more (see --format json)");
                break;
            }
            lines.add("seq " + l.seq() + "  " + (l.type().isEmpty() ? "(type unreadable)" : l.type())
                    + (l.recordedAt().isEmpty() ? "" : "  " + l.recordedAt()));
        }
        return lines;
    }

    private static void repaired(RepairLedger.Outcome.Damaged damaged, PrintWriter out) {
        Salvage salvage = damaged.salvage();
        out.println("ledger repaired: kept " + kept(salvage)
                + (salvage.lost().isEmpty()
                        ? "; nothing lost"
                        : "; lost " + Words.count(salvage.lost().size(), "damaged event")
                                + ", each replaced by ledger.repaired"));
        Lines lines = new Lines(out);
        if (!salvage.lost().isEmpty()) {
            lines.add("lost", lostLines(salvage));
        }
        lines.add("kept at", damaged.keptAt() + "  (what the repair replaced, never deleted)")
                .add("next", "loopx ledger verify")
                .print();
    }

    private static void preview(RepairLedger.Outcome.Damaged damaged, PrintWriter out) {
        Salvage salvage = damaged.salvage();
        long lost = damaged.acknowledgedLost();
        out.println("ledger DAMAGED: " + damaged.problem() + " (preview: nothing written)");
        Lines lines = new Lines(out)
                .add(
                        "would keep",
                        kept(salvage)
                                + (lost > 0
                                        ? " · loses " + Words.count(lost, "acknowledged event")
                                        : " · loses nothing acknowledged"));
        if (!salvage.lost().isEmpty()) {
            lines.add("would lose", lostLines(salvage));
        }
        lines.add(
                        "next",
                        List.of(
                                "restore a backup or import an export if you have one (nothing is lost then); else",
                                "loopx ledger repair --execute"))
                .print();
    }
}
