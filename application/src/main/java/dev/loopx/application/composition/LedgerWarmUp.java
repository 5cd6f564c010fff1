package dev.loopx.application.composition;

import dev.loopx.ledger.chronicle.ChronicleWarmUp;

/**
 * The static initialisation of the ledger adapter the composition root opens (Chronicle Queue's),
 * done on a second thread while an adapter (the CLI) still parses its arguments, for a call that
 * will open the journal. {@link #expect} before starting that thread, {@link #run} on it, and
 * {@link #cancel} when it could not be started; the journal's opener ({@link Composition}) waits
 * for an expected warm-up, so the adapter's classes are never initialised by two threads at once.
 */
public final class LedgerWarmUp {
    private LedgerWarmUp() {}

    /** Announces that another thread is about to {@link #run} the warm-up. */
    public static void expect() {
        ChronicleWarmUp.expect();
    }

    /**
     * Initialises the ledger adapter's classes in the calling thread. It counts as done even when
     * it fails (the opener then meets the failure and reports it), so nobody waits forever.
     */
    public static void run() {
        ChronicleWarmUp.initialise();
    }

    /** Gives up an announced warm-up that will not run, so nobody waits for it. */
    public static void cancel() {
        ChronicleWarmUp.cancel();
    }
}
