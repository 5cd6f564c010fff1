package dev.loopx.ledger;

/**
 * The ledger's stored events are not what was acknowledged: damaged, cut short, rewritten. Says
 * where the valid chain ends ({@link #validThroughSeq()}), the first seq that is not sound
 * ({@link #firstBadSeq()}) and the last acknowledged seq when known ({@link #acknowledgedSeq()},
 * -1 otherwise). Nothing is ever written on top of damage: the owner restores or repairs.
 */
public final class LedgerDamage extends LedgerException {
    private static final long serialVersionUID = 1L;
    private final long validThroughSeq;
    private final long firstBadSeq;
    private final long acknowledgedSeq;

    public LedgerDamage(
            String errorCode,
            String message,
            long validThroughSeq,
            long firstBadSeq,
            long acknowledgedSeq,
            Throwable cause) {
        super(errorCode, message, cause);
        this.validThroughSeq = validThroughSeq;
        this.firstBadSeq = firstBadSeq;
        this.acknowledgedSeq = acknowledgedSeq;
    }

    public long validThroughSeq() {
        return validThroughSeq;
    }

    public long firstBadSeq() {
        return firstBadSeq;
    }

    public long acknowledgedSeq() {
        return acknowledgedSeq;
    }
}
