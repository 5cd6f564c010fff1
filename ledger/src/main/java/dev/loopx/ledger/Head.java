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
}
