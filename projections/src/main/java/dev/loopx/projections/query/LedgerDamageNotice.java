package dev.loopx.projections.query;

import dev.loopx.ledger.LedgerDamage;
import java.util.Objects;

/**
 * What every answer says while the ledger is known to be damaged (ADR 0011): where the valid chain
 * ends, the first seq that is not sound, and what was found. Reads keep answering from the
 * projections as they stood before the damage; nothing is written until the owner repairs.
 */
public record LedgerDamageNotice(long validThroughSeq, long firstBadSeq, String problem) {
    public LedgerDamageNotice {
        Objects.requireNonNull(problem, "problem");
    }

    public static LedgerDamageNotice of(LedgerDamage damage) {
        return new LedgerDamageNotice(damage.validThroughSeq(), damage.firstBadSeq(), damage.getMessage());
    }
}
