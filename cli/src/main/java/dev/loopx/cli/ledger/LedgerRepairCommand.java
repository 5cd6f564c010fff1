package dev.loopx.cli.ledger;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.RepairLedger;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.ProgressLine;
import java.io.IOException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "repair",
        description = {
            "Continue after damage by keeping only the ledger's valid chain (the owner's explicit path).",
            "No other command ever writes on top of a damaged, cut-short or rewritten ledger. This one",
            "keeps every event from seq 1 that reads sound and agrees with the acknowledged head, and",
            "nothing after it. It previews by default: what is damaged, where the valid chain ends and",
            "how many acknowledged events would be lost. With --execute it moves the damaged journal,",
            "ledger.head and the projection store to private/damaged-ledgers/<time>/ (kept, never",
            "deleted), writes a fresh journal with the valid chain and rebuilds the projections.",
            "Prefer restoring a backup or importing an export when you have one: nothing is lost then.",
            "",
            "Examples:  loopx ledger repair",
            "           loopx ledger repair --execute",
            "",
            "Exit codes: 0 sound, or repaired; 1 damaged (preview: nothing written); 2 bad input;",
            "3 the runtime root could not be changed."
        })
public final class LedgerRepairCommand extends LoopxSubcommand {
    @Option(names = "--execute", description = "Repair (default: preview only; nothing is written).")
    boolean execute;

    @Override
    protected int execute(CliContext context) throws IOException {
        return context.emit(toJson(RepairLedger.run(
                context.invocation(), new RepairLedger.Request(execute), phase -> ProgressLine.of(context, phase))));
    }

    /** {@code loopx_ledger_repair_v0}. */
    private static ObjectNode toJson(RepairLedger.Outcome outcome) {
        return switch (outcome) {
            case RepairLedger.Outcome.Sound sound -> {
                ObjectNode doc = CliContext.document("loopx_ledger_repair_v0", true);
                doc.put("damaged", false);
                doc.put("repaired", false);
                doc.put("head_seq", sound.report().head().seq());
                doc.put(
                        "message",
                        "the ledger is sound (" + sound.report().checkedEvents() + " events); nothing to repair");
                yield doc;
            }
            case RepairLedger.Outcome.Damaged damaged -> {
                ObjectNode doc = CliContext.document("loopx_ledger_repair_v0", damaged.repaired());
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
                yield doc;
            }
        };
    }
}
