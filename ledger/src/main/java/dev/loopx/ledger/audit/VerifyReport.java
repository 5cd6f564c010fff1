package dev.loopx.ledger.audit;

import dev.loopx.ledger.Head;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of checking a ledger: how many events were sound, the last sound head, and the
 * first bad {@code seq} with a public-safe description of what is wrong.
 */
public record VerifyReport(long checkedEvents, Head head, long firstBadSeq, String problem) {
    public VerifyReport {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(problem, "problem");
    }

    public boolean ok() {
        return firstBadSeq == 0;
    }

    public Optional<Long> firstBad() {
        return ok() ? Optional.empty() : Optional.of(firstBadSeq);
    }
}
