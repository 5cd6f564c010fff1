package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import dev.loopx.projections.query.LedgerDamageNotice;

/**
 * A damaged ledger as every read answer shows it (ADR 0011): {@code ledger_damage} =
 * {@code {first_bad_seq, valid_through_seq, problem, repair_command}}, and one line of text.
 */
public final class LedgerDamageDocument {
    private LedgerDamageDocument() {}

    /** The preview of the repair: it writes nothing, and shows what a repair keeps and loses. */
    static final NextStep REPAIR = NextStep.of(Verb.LEDGER_REPAIR);

    public static void put(ObjectNode into, LedgerDamageNotice d) {
        into.putObject("ledger_damage")
                .put("first_bad_seq", d.firstBadSeq())
                .put("valid_through_seq", d.validThroughSeq())
                .put("problem", d.problem())
                .put("answered_from", "projections")
                .put("repair_command", CommandLines.of(REPAIR));
    }

    /** The line a person reads first: what is wrong, that nothing is written, and what to run. */
    public static String line(LedgerDamageNotice d) {
        return "LEDGER DAMAGED from seq " + d.firstBadSeq() + ": every write is refused until you repair it (this"
                + " answer is the projections as they stood). See what a repair keeps: " + CommandLines.of(REPAIR);
    }
}
