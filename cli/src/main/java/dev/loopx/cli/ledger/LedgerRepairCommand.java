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
            "Continue after damage, keeping every intact event (the owner's explicit path).",
            "No other command ever writes on top of a damaged, cut-short or rewritten ledger. This one",
            "loses only the damaged events: those whose bytes no longer parse or recompute their hash,",
            "or that are not the event acknowledged at their seq. The events before the first of them",
            "are kept exactly as stored; every intact event after it is re-appended at its own seq with",
            "its payload, actor, time and operation id unchanged (new hashes), and each lost seq holds",
            "a ledger.repaired event naming it. It previews by default: what is damaged, which events",
            "are kept and which are lost (seq, type and time, as far as they still read). With",
            "--execute it moves the damaged journal (metadata.cq4t included), ledger.head and the",
            "projection store to private/damaged-ledgers/<time>/ (kept, never deleted), writes a fresh",
            "journal and rebuilds the projections. A damaged metadata.cq4t alone loses nothing.",
            "On a PostgreSQL ledger the repaired chain replaces the rows in one transaction, and the",
            "replaced rows are kept in the table loopx_damaged_events; a change the server recorded",
            "that left every event intact is repaired by clearing the record, nothing lost.",
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
