package dev.loopx.application.ledger;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Recorded;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Use case "show the stored events" ({@code ledger replay}): the envelopes exactly as stored,
 * oldest first, from one seq up to a last seq or a last {@code recorded_at}, optionally of one
 * goal only. They are handed to a sink one by one as they are read, so a long ledger is never
 * held in memory. Reads only.
 */
public final class ReplayLedger {
    private ReplayLedger() {}

    /**
     * @param goalId only this goal's events; empty for every goal
     * @param from the first seq (at least 1)
     * @param to the last seq, if any
     * @param until the last {@code recorded_at}, if any
     */
    public record Request(String goalId, long from, OptionalLong to, Optional<Instant> until) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(until, "until");
        }
    }

    /** Hands every event the request selects to {@code sink}, in seq order. */
    public static void run(Invocation invocation, Request r, Consumer<Recorded> sink) {
        try (LoopxRuntime runtime = Composition.open(invocation);
                EventCursor cursor = runtime.ledger().readFrom(r.from())) {
            while (cursor.hasNext()) {
                Recorded event = cursor.next();
                if (r.to().isPresent() && event.seq() > r.to().getAsLong()) {
                    break;
                }
                if (r.until().isPresent()
                        && Instant.parse(event.recordedAt()).isAfter(r.until().get())) {
                    break;
                }
                if (r.goalId().isEmpty() || r.goalId().equals(event.goalId())) {
                    sink.accept(event);
                }
            }
        }
    }
}
