package dev.loopx.ledger.event;

/**
 * {@code goal.breaker_configured} v1: the goal's same-outcome breaker ({@code configure-goal
 * --same-outcome-replan-after N --same-outcome-gate-after M}). After {@code replanAfter} writebacks
 * in a row of one lane with the same evidence digest on the same todo, that lane gets a replan
 * obligation; at {@code gateAfter} an owner gate opens that blocks only that lane. A goal that never
 * configured it uses {@link #DEFAULT_REPLAN_AFTER} and {@link #DEFAULT_GATE_AFTER}, so ledgers
 * written before this event read unchanged.
 *
 * @param replanAfter repeats that ask the lane to replan ({@value #MIN}..{@value #MAX})
 * @param gateAfter repeats that open the owner gate (above {@code replanAfter}, at most {@value #MAX})
 */
public record GoalBreakerConfigured(int replanAfter, int gateAfter) implements LoopxEvent {
    public static final int DEFAULT_REPLAN_AFTER = 3;
    public static final int DEFAULT_GATE_AFTER = 6;
    public static final int MIN = 2;
    public static final int MAX = 50;

    public GoalBreakerConfigured {
        if (replanAfter < MIN || replanAfter > MAX) {
            throw new IllegalArgumentException("same_outcome_replan_after out of range 2-50");
        }
        if (gateAfter <= replanAfter || gateAfter > MAX) {
            throw new IllegalArgumentException(
                    "same_outcome_gate_after must be above same_outcome_replan_after and at most 50");
        }
    }
}
