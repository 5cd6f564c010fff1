package dev.loopx.application.ops;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.event.GoalConfigured;
import io.vavr.control.Either;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * Load for the multi-process and kill -9 tests and the benchmarks ({@code debug append-load}):
 * COUNT complete write transactions (lock, catch up, decide, append, apply, release), each of one
 * {@code goal.configured} event, each acknowledged to a listener as soon as it is appended. It
 * times the slowest single write transaction (lock wait, catch-up, append, fsync, apply); the
 * journal and store are opened before timing, so the time is about writing, not start-up.
 */
public final class AppendLoad {
    private AppendLoad() {}

    /** @param writer a number that tells writers apart in the payload and the actor (0..8000) */
    public record Request(String goalId, int count, int writer) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
        }
    }

    /**
     * The seq range appended, the slowest write transaction, the median and 99th percentile of the
     * write transactions and how long the whole loop took (for throughput).
     */
    public record Appended(
            int count,
            long firstSeq,
            long lastSeq,
            Duration maxWrite,
            Duration p50Write,
            Duration p99Write,
            Duration elapsed) {
        public Appended(int count, long firstSeq, long lastSeq, Duration maxWrite) {
            this(count, firstSeq, lastSeq, maxWrite, maxWrite, maxWrite, maxWrite);
        }
    }

    /**
     * Runs the writes, calling {@code acked} with the last seq of each as soon as it is acknowledged;
     * stops at the first refusal (the writes before it stay appended).
     */
    public static Either<Rejection, Appended> run(Invocation invocation, Request r, LongConsumer acked) {
        long first = 0;
        long last = 0;
        long maxWriteNanos = 0;
        long[] writes = new long[r.count()];
        long loopStart;
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            // Open the journal and the store before timing, so the slowest write is about writing.
            runtime.ledger().head();
            runtime.views();
            loopStart = System.nanoTime();
            for (int i = 1; i <= r.count(); i++) {
                GoalConfigured event = new GoalConfigured(BigDecimal.valueOf(i, 3), 1 + r.writer(), 1);
                LoopxRuntime.WriteContext write = new LoopxRuntime.WriteContext(
                        invocation.now(), r.goalId(), new Actor(ActorKind.SYSTEM, "append-load-" + r.writer()), "");
                long t0 = System.nanoTime();
                Either<Rejection, Receipt> outcome = runtime.write(write, views -> Decision.accept(event));
                writes[i - 1] = System.nanoTime() - t0;
                maxWriteNanos = Math.max(maxWriteNanos, writes[i - 1]);
                if (outcome.isLeft()) {
                    return Either.left(outcome.getLeft());
                }
                last = outcome.get().lastSeq();
                first = first == 0 ? outcome.get().seqs().get(0) : first;
                acked.accept(last);
            }
        }
        long elapsed = System.nanoTime() - loopStart;
        Arrays.sort(writes);
        return Either.right(new Appended(
                r.count(),
                first,
                last,
                Duration.ofNanos(maxWriteNanos),
                Duration.ofNanos(writes[(writes.length - 1) / 2]),
                Duration.ofNanos(writes[(int) Math.ceil(writes.length * 0.99) - 1]),
                Duration.ofNanos(elapsed)));
    }
}
