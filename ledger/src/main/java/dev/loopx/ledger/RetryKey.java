package dev.loopx.ledger;

import java.util.List;
import java.util.Objects;

/**
 * Under which key an append can be repeated safely, for a ledger whose append may end without a
 * known outcome (a server ledger: {@link Ledger#appendIfHead(long, List, RetryKey)}). {@code operationId} is the
 * caller's idempotency key, empty when none was given (the ledger then makes one up and names it
 * when the outcome is unknown); {@code intentSha256} is what the write means (empty for none).
 */
public record RetryKey(String operationId, String intentSha256) {
    public static final RetryKey NONE = new RetryKey("", "");

    public RetryKey {
        Objects.requireNonNull(operationId, "operationId");
        Objects.requireNonNull(intentSha256, "intentSha256");
    }

    /**
     * A write a ledger stored under a key: what it meant and the seqs of its events (one append,
     * ascending).
     */
    public record Stored(String intentSha256, List<Long> seqs) {
        public Stored {
            Objects.requireNonNull(intentSha256, "intentSha256");
            seqs = List.copyOf(seqs);
        }
    }
}
