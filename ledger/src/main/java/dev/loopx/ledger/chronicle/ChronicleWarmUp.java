package dev.loopx.ledger.chronicle;

import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Chronicle Queue's static initialisation — chronicle-core's {@code Jvm}, the class alias pool, the
 * wire types, the queue builder: tens of milliseconds of interpreted code on a cold JVM — done on
 * another thread while the CLI is still building its command line, for a command that will open
 * the journal.
 *
 * <p>{@link #expect} is called before that thread starts, and whoever opens the journal calls
 * {@link #await} first (LoopxRuntime, the one place that opens it): Chronicle's classes — and
 * {@link ChronicleLedger}'s, whose static fields are Chronicle's — are never initialised by two
 * threads at once, so the two cannot wait on each other. If initialisation
 * fails, the failure is Chronicle's own and reaches the caller when {@code open} uses the class.
 */
public final class ChronicleWarmUp {
    private static final List<String> CLASSES = List.of(
            "net.openhft.chronicle.core.Jvm",
            "net.openhft.chronicle.core.pool.ClassAliasPool",
            "net.openhft.chronicle.wire.Wires",
            "net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder",
            "net.openhft.chronicle.queue.impl.single.SingleChronicleQueue",
            // what opening a queue initialises next, each generating proxy classes at run time
            // (outside any class-data archive): the cleaner lookup, the document context's no-op
            "net.openhft.chronicle.bytes.internal.NativeBytesStore",
            "net.openhft.chronicle.wire.DocumentContext",
            "dev.loopx.ledger.chronicle.ChronicleLedger");
    private static final CountDownLatch DONE = new CountDownLatch(1);
    private static volatile boolean expected;

    private ChronicleWarmUp() {}

    /** Announces that another thread is about to call {@link #initialise}; call it before starting that thread. */
    public static void expect() {
        expected = true;
    }

    /** Initialises Chronicle's classes in the calling thread (once). */
    public static void initialise() {
        try {
            DeferredPosixApi.install(); // before Jvm initialises, as ChronicleLedger's own static block does
            ClassLoader loader = ChronicleWarmUp.class.getClassLoader();
            for (String name : CLASSES) {
                Class.forName(name, true, loader);
            }
        } catch (ClassNotFoundException | LinkageError e) {
            // Chronicle's own failure: ChronicleLedger.open meets it again and reports it.
        } finally {
            DONE.countDown();
        }
    }

    /** Gives up an announced warm-up that will not run (its thread did not start). */
    public static void cancel() {
        DONE.countDown();
    }

    /** Waits for an announced warm-up to finish (at once when none was announced). */
    public static void await() {
        if (!expected) {
            return;
        }
        boolean interrupted = false;
        while (true) {
            try {
                DONE.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
