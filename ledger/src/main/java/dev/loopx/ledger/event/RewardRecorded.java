package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code reward.recorded} v1: the owner's or controller's judgement of the work (SPEC §S6).
 *
 * @param reward {@code positive|negative|mixed|neutral}
 */
public record RewardRecorded(
        String reward, String reasonSummary, String decision, String lessonKind, String lessonSummary)
        implements LoopxEvent {
    public RewardRecorded {
        Objects.requireNonNull(reward, "reward");
        Objects.requireNonNull(reasonSummary, "reasonSummary");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(lessonKind, "lessonKind");
        Objects.requireNonNull(lessonSummary, "lessonSummary");
    }
}
