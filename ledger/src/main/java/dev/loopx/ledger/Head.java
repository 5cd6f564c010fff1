package dev.loopx.ledger;

import java.util.Objects;

/** The last event of a ledger: {@code seq} 0 and the genesis hash when the ledger is empty. */
public record Head(long seq, String hash) {
    public static final String GENESIS_HASH = "0".repeat(64);
    public static final Head EMPTY = new Head(0, GENESIS_HASH);

    public Head {
        Objects.requireNonNull(hash, "hash");
        if (seq < 0) {
            throw new IllegalArgumentException("negative seq " + seq);
        }
    }

    // Written out: the generated record equals links an invokedynamic call site the first time it
    // runs, a few milliseconds on a cold JVM, and every read compares its store's head once.
    @Override
    public boolean equals(Object other) {
        return other instanceof Head h && h.seq == seq && h.hash.equals(hash);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(seq) * 31 + hash.hashCode();
    }
}
