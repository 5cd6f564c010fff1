package dev.loopx.application.status;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Recorded;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.ProjectionStore;
import dev.loopx.projections.query.ReviewPacket;
import io.vavr.control.Either;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Use case "hand this goal off" ({@code loopx review-packet}, SPEC §S9): the {@link ReviewPacket}
 * of one goal, with the goal's events after the last reward counted by type from the journal up
 * to the views' checkpoint (so the counts agree with the views read in the same call). Reads only;
 * never writes or locks.
 */
public final class ReadReviewPacket {
    private ReadReviewPacket() {}

    /** @param agentId the lane handing off; empty for every lane */
    public record Request(String goalId, String agentId) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
        }
    }

    public static Either<Rejection, ReviewPacket> run(Invocation invocation, Request r) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            ProjectionStore views = runtime.views();
            Optional<GoalState> goal = GoalState.load(views, r.goalId());
            if (goal.isEmpty()) {
                return Either.left(new Rejection.GoalNotFound(r.goalId()));
            }
            long after = ReviewPacket.lastRewardSeq(goal.get());
            SortedMap<String, Long> counts =
                    countByType(runtime, r.goalId(), after, views.checkpoint().seq());
            return Either.right(ReviewPacket.of(
                    goal.get(), r.agentId(), invocation.now(), new ReviewPacket.Changes(after, counts)));
        }
    }

    /** One goal's events by type after {@code afterSeq}, through {@code throughSeq}. */
    private static SortedMap<String, Long> countByType(
            LoopxRuntime runtime, String goalId, long afterSeq, long throughSeq) {
        SortedMap<String, Long> counts = new TreeMap<>();
        if (afterSeq >= throughSeq) {
            return counts;
        }
        try (EventCursor cursor = runtime.ledger().readFrom(afterSeq + 1)) {
            while (cursor.hasNext()) {
                Recorded rec = cursor.next();
                if (rec.seq() > throughSeq) {
                    break;
                }
                if (rec.goalId().equals(goalId)) {
                    counts.merge(rec.type(), 1L, Long::sum);
                }
            }
        }
        return counts;
    }
}
