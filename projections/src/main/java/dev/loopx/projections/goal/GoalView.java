package dev.loopx.projections.goal;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * What a goal is now: identity, objective and quota policy (SPEC §S3). Defaults apply until the
 * owner configures the goal.
 */
public record GoalView(
        String goalId,
        String objective,
        String projectLabel,
        long registeredSeq,
        String registeredAt,
        QuotaPolicy quota,
        long lastEventSeq) {
    public GoalView {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(projectLabel, "projectLabel");
        Objects.requireNonNull(registeredAt, "registeredAt");
        Objects.requireNonNull(quota, "quota");
    }

    /** The owner's quota policy; {@code allowed_slots = window_hours * 60 / slot_minutes * compute}. */
    public record QuotaPolicy(BigDecimal compute, int windowHours, int slotMinutes) {
        public static final QuotaPolicy DEFAULT = new QuotaPolicy(BigDecimal.ONE, 24, 1);

        public QuotaPolicy {
            Objects.requireNonNull(compute, "compute");
            compute = compute.stripTrailingZeros();
        }

        public long allowedSlots() {
            return BigDecimal.valueOf((long) windowHours * 60 / slotMinutes).multiply(compute).longValue();
        }

        public boolean paused() {
            return compute.signum() == 0;
        }
    }
}
