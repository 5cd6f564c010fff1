package dev.loopx.ledger.postgres;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Operation ids LoopX makes up for a write to a server ledger that was given none, so that a write
 * of unknown outcome can always be repeated safely ({@code op-} and 24 random hex digits: a valid
 * {@code --operation-id}, never the same twice in practice).
 */
final class RetryKeys {
    private static final SecureRandom RANDOM = new SecureRandom();

    private RetryKeys() {}

    static String generate() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return "op-" + HexFormat.of().formatHex(bytes);
    }
}
