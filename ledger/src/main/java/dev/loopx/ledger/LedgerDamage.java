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

    /** How every damage message starts: a person (and the repair's answer) reads it the same everywhere. */
    public static final String DAMAGED = "the ledger is damaged";

    /**
     * {@code ledger_damaged} from {@code firstBadSeq} on, the valid chain ending at {@code
     * validThroughSeq}, in the words every command uses: "the ledger is damaged from seq N: what"
     * ({@code problem} already in those words is kept as it is).
     */
    public static LedgerDamage from(long validThroughSeq, long firstBadSeq, String problem) {
        String message = problem.startsWith(DAMAGED) ? problem : DAMAGED + " from seq " + firstBadSeq + ": " + problem;
        return new LedgerDamage("ledger_damaged", message, validThroughSeq, firstBadSeq, -1, null);
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
