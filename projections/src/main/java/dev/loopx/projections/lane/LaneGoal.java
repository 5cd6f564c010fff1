package dev.loopx.projections.lane;

import dev.loopx.ledger.event.GoalLivenessConfigured;
import java.util.Objects;

/**
 * A goal's liveness settings and its current stop (issue 36): the {@code goal.stopped} seq and time
 * while the goal is stopped (0 and "" while it runs), and the thresholds of {@code configure-goal}.
 */
public record LaneGoal(String goalId, long stopSeq, String stoppedAt, int silentAfterIntervals, int staleClaimHours) {
    public LaneGoal {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(stoppedAt, "stoppedAt");
    }

    public static LaneGoal defaults(String goalId) {
        return new LaneGoal(
                goalId,
                0,
                "",
                GoalLivenessConfigured.DEFAULT_SILENT_AFTER_INTERVALS,
                GoalLivenessConfigured.DEFAULT_STALE_CLAIM_HOURS);
    }

    public boolean stopped() {
        return stopSeq > 0;
    }
}
