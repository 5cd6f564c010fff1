package dev.loopx.projections.store;

import dev.loopx.ledger.LedgerException;
import dev.loopx.projections.Threads;
import java.util.function.Consumer;

/**
 * One background thread that writes the batches a rebuild's folding thread hands over, strictly
 * one at a time and in order. {@link #submit} returns only once the batch before is completely
 * written, so at most one batch is ever in the writer's hands: the folding side keeps that one's
 * rows (they may be only partly written) and everything older is in the file. After a failed
 * batch nothing more is written, and {@link #submit}, {@link #drain} and {@link #close} throw it.
 */
final class BatchWriter<B> implements AutoCloseable {
    private final Consumer<B> write;
    private final Thread thread;
    private B next;
    private boolean busy;
    private boolean closing;
    private Throwable failure;

    BatchWriter(String threadName, Consumer<B> write) {
        this.write = write;
        this.thread = new Thread(this::run, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    /** Hands {@code batch} over once the batch before is written; throws if a batch failed. */
    synchronized void submit(B batch) {
        awaitIdle();
        next = batch;
        notifyAll();
    }

    /** Waits until every batch handed over is written; throws if one failed. */
    synchronized void drain() {
        awaitIdle();
    }

    private void awaitIdle() {
        try {
            while (failure == null && (busy || next != null)) {
                wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LedgerException("interrupted", "the projection rebuild was interrupted", e);
        }
        if (failure != null) {
            throw failed();
        }
    }

    /** A new exception each time (the same one may reach a try-with-resources twice). */
    private LedgerException failed() {
        if (failure instanceof LedgerException ledger) {
            return new LedgerException(ledger.errorCode(), ledger.getMessage(), failure);
        }
        return new LedgerException("projection_store_unreadable", "the projection store failed", failure);
    }

    private void run() {
        while (true) {
            B batch;
            synchronized (this) {
                try {
                    while (next == null && !closing) {
                        wait();
                    }
                } catch (InterruptedException e) {
                    failure = e;
                    notifyAll();
                    return;
                }
                if (next == null) {
                    return;
                }
                batch = next;
                next = null;
                busy = true;
            }
            Throwable failed = null;
            try {
                write.accept(batch);
            } catch (Throwable e) {
                failed = e;
            }
            synchronized (this) {
                busy = false;
                if (failed != null) {
                    failure = failed;
                }
                notifyAll();
            }
            if (failed != null) {
                return; // nothing more is written after a failed batch
            }
        }
    }

    /** Writes what was handed over, stops the thread; throws if a batch failed. */
    @Override
    public void close() {
        synchronized (this) {
            closing = true;
            notifyAll();
        }
        Threads.joinUninterruptibly(thread);
        synchronized (this) {
            if (failure != null) {
                throw failed();
            }
        }
    }
}
