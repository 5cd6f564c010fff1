package dev.loopx.projections.audit;

import java.util.Objects;
import java.util.Optional;

/**
 * A goal's owner decisions in summary: the newest reward and how many rewards and operator gate
 * runs there were. Each reward and gate run is kept as its own row (views {@code goal_reward},
 * {@code goal_gate}, key {@code <goal>/<seq>}), so folding one never rewrites the history.
 *
 * @param latestReward the newest reward, or null when there is none
 */
public record GoalLog(String goalId, Reward latestReward, long rewardCount, long gateCount) {
    public GoalLog {
        Objects.requireNonNull(goalId, "goalId");
    }

    public static GoalLog empty(String goalId) {
        return new GoalLog(goalId, null, 0, 0);
    }

    public Optional<Reward> lastReward() {
        return Optional.ofNullable(latestReward);
    }

    public record Reward(
            long seq,
            String reward,
            String reasonSummary,
            String decision,
            String lessonKind,
            String lessonSummary,
            String actorKind,
            String recordedAt) {}

    public record Gate(
            long seq, String gate, String decision, String reasonSummary, String actorKind, String recordedAt) {}
}
