package dev.loopx.ledger.chronicle;

import dev.loopx.ledger.LedgerException;

/**
 * Start-up checks that keep Chronicle Queue private and side-effect free (ADR 0001): analytics
 * and the announcer must be disabled before any Chronicle class initialises.
 */
final class ChronicleEnvironment {
    private ChronicleEnvironment() {}

    static void checkSafeToOpen() {
        if (!"true".equals(System.getProperty("chronicle.analytics.disable"))
                || !"true".equals(System.getProperty("chronicle.announcer.disable"))) {
            throw new LedgerException(
                    "jvm_flags_missing",
                    "the JVM was started without the LoopX flags (conf/jvm-common.args); use the loopx launcher");
        }
    }
}
