package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.MigrateLedger;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx ledger migrate}'s answer, {@code loopx_ledger_migrate_v0}: the server ledger the
 * runtime root now uses, the events copied and the head both sides agree on; or, refused
 * ({@code ledger_verify_failed}, nothing copied), where the ledger's chain breaks.
 */
public record LedgerMigrateAnswer(MigrateLedger.Outcome outcome) implements RenderedAnswer {
    private static final String NEXT = "loopx doctor";

    public LedgerMigrateAnswer {
        Objects.requireNonNull(outcome, "outcome");
    }

    @Override
    public boolean ok() {
        return outcome instanceof MigrateLedger.Outcome.Migrated;
    }

    @Override
    public ObjectNode json() {
        return switch (outcome) {
            case MigrateLedger.Outcome.ChainBroken broken -> {
                ObjectNode refused = Documents.answer("loopx_ledger_migrate_v0", false);
                refused.put("error_code", "ledger_verify_failed");
                refused.put("first_bad_seq", broken.source().firstBadSeq());
                refused.put("problem", broken.source().problem());
                refused.put("copied", 0);
                yield refused;
            }
            case MigrateLedger.Outcome.Migrated m -> {
                ObjectNode doc = Documents.answer("loopx_ledger_migrate_v0", true);
                doc.put("ledger_backend", m.target().scheme());
                doc.put("ledger_name", m.target().ledger());
                doc.put("copied", m.copied());
                doc.put("head_seq", m.head().seq());
                doc.put("head_hash", m.head().hash());
                doc.put("next_step", NEXT);
                yield doc;
            }
        };
    }

    void text(PrintWriter out) {
        switch (outcome) {
            case MigrateLedger.Outcome.ChainBroken broken -> {
                out.println("migrate refused, nothing copied: the ledger's chain breaks at seq "
                        + broken.source().firstBadSeq() + ": " + broken.source().problem());
                new Lines(out)
                        .add(
                                "next",
                                List.of("loopx ledger repair", "a preview: which damaged events a repair would lose"))
                        .print();
            }
            case MigrateLedger.Outcome.Migrated m -> {
                out.println("ledger moved to the " + m.target().scheme() + " ledger "
                        + m.target().ledger() + ": " + Words.count(m.copied(), "event") + " copied, heads equal");
                new Lines(out)
                        .add(
                                "head",
                                "seq " + m.head().seq() + " · hash "
                                        + Words.shortHash(m.head().hash()))
                        .add("backup", "the embedded journal stays in ledger/ (no longer read)")
                        .add("next", NEXT)
                        .print();
            }
        }
    }
}
