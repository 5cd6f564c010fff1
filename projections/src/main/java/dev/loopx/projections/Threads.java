package dev.loopx.projections;

/** The projections' own helper threads (a rebuild's reader and writer). */
public final class Threads {
    private Threads() {}

    /**
     * Waits until {@code thread} has ended, even when interrupted meanwhile (the interrupt is kept
     * for the caller): a helper thread is never left running behind its owner.
     */
    public static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
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
