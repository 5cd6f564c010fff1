package dev.loopx.ledger;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * When an append reaches the disk (SPEC §S2 {@code ledger.sync}). {@link #ALWAYS}: every append
 * is fsynced before it is acknowledged (survives power loss; the CLI default). {@link #BATCH}:
 * the operating system flushes later; an acknowledged append still survives the death of any
 * process, but not a power cut. For bulk imports and benchmarks.
 */
public enum SyncPolicy {
    ALWAYS,
    BATCH;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<SyncPolicy> fromWire(String value) {
        return Arrays.stream(values()).filter(p -> p.wire().equals(value)).findFirst();
    }
}
