package dev.loopx.ledger.event;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * {@code goal.configured} v1: the goal's quota policy as set by its owner (SPEC §S3). The
 * policy replaces the previous one as a whole. {@code quotaCompute} 0 is a hard pause.
 */
public record GoalConfigured(BigDecimal quotaCompute, int quotaWindowHours, int quotaSlotMinutes)
        implements LoopxEvent {
    public GoalConfigured {
        Objects.requireNonNull(quotaCompute, "quotaCompute");
        if (quotaCompute.signum() < 0 || quotaWindowHours < 1 || quotaSlotMinutes < 1) {
            throw new IllegalArgumentException("quota policy out of range");
        }
        quotaCompute = quotaCompute.stripTrailingZeros();
    }
}
