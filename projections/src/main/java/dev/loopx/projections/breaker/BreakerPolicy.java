package dev.loopx.projections.breaker;

import dev.loopx.ledger.event.GoalBreakerConfigured;

/**
 * A goal's same-outcome breaker settings (view {@code breaker_policy}, key the goal id, present
 * only once {@code goal.breaker_configured} was recorded; otherwise {@link #DEFAULT}).
 *
 * @param replanAfter writebacks in a row with the same evidence that ask the lane to replan
 * @param gateAfter writebacks in a row that open an owner gate on the lane
 */
public record BreakerPolicy(int replanAfter, int gateAfter) {
    public static final BreakerPolicy DEFAULT =
            new BreakerPolicy(GoalBreakerConfigured.DEFAULT_REPLAN_AFTER, GoalBreakerConfigured.DEFAULT_GATE_AFTER);
}
