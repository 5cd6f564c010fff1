package dev.loopx.ledger.audit;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.json.EnvelopeCodec;
import java.util.Optional;

/**
 * One link of the hash chain, checked as a reader reads: the next seq, the previous event's hash as
 * {@code prev_hash}, and the event's own hash recomputed from its content. Every reader that serves
 * events onward ({@code projections rebuild}, the catch-up, {@code ledger export}, the write's
 * content check) refuses a forged event with the first bad seq (ADR 0011).
 */
public final class Chain {
    private Chain() {}

    /** What is wrong with {@code r} following {@code previous}; empty when it continues the chain. */
    public static Optional<String> broken(Recorded r, Head previous) {
        if (r.seq() != previous.seq() + 1) {
            return Optional.of("expected seq " + (previous.seq() + 1) + " but found seq " + r.seq());
        }
        if (!r.prevHash().equals(previous.hash())) {
            return Optional.of("seq " + r.seq() + " does not continue the chain (prev_hash)");
        }
        if (!EnvelopeCodec.expectedHash(r).equals(r.hash())) {
            return Optional.of("seq " + r.seq() + " was modified (its hash does not match its content)");
        }
        return Optional.empty();
    }

    /** {@code r} after {@code previous}, or {@code ledger_damaged} naming the first bad seq. */
    public static Head next(Recorded r, Head previous) {
        Optional<String> problem = broken(r, previous);
        if (problem.isPresent()) {
            throw new LedgerDamage(
                    "ledger_damaged",
                    "the ledger is damaged: " + problem.get() + "; the valid chain ends at seq " + previous.seq()
                            + "; nothing was written",
                    previous.seq(),
                    previous.seq() + 1,
                    -1,
                    null);
        }
        return new Head(r.seq(), r.hash());
    }
}
