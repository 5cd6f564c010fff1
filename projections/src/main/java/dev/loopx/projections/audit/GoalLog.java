package dev.loopx.projections.audit;

import java.util.List;
import java.util.Objects;

/** A goal's owner decisions: rewards and operator gate runs, oldest first. */
public record GoalLog(String goalId, List<Reward> rewards, List<Gate> gates) {
    public GoalLog {
        Objects.requireNonNull(goalId, "goalId");
        rewards = List.copyOf(rewards);
        gates = List.copyOf(gates);
    }

    public static GoalLog empty(String goalId) {
        return new GoalLog(goalId, List.of(), List.of());
    }

    public record Reward(long seq, String reward, String reasonSummary, String decision, String lessonKind,
            String lessonSummary, String actorKind, String recordedAt) {}

    public record Gate(long seq, String gate, String decision, String reasonSummary, String actorKind, String recordedAt) {}
}
