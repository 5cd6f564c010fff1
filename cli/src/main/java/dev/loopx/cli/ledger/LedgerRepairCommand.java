package dev.loopx.cli.ledger;

import dev.loopx.application.ledger.RepairLedger;
import dev.loopx.cli.render.LedgerRepairAnswer;
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
        return context.emit(new LedgerRepairAnswer(RepairLedger.run(
                context.invocation(), new RepairLedger.Request(execute), phase -> ProgressLine.of(context, phase))));
    }
}
