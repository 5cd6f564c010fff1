package dev.loopx.commands.reward;

import java.util.Objects;

/** The owner's or controller's reward for the work (SPEC §S6); empty strings mean "not given". */
public record RecordReward(
        String goalId, String reward, String reasonSummary, String decision, String lessonKind, String lessonSummary) {
    public RecordReward {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(reward, "reward");
        Objects.requireNonNull(reasonSummary, "reasonSummary");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(lessonKind, "lessonKind");
        Objects.requireNonNull(lessonSummary, "lessonSummary");
    }
}
