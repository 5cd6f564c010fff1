package dev.loopx.ledger.event;

/**
 * {@code goal.replan_policy_configured} v1: after how many completed advancement todos without a
 * replan checkpoint should-run asks the agent to replan ({@code replan_after_completed_todos},
 * 1–5; a goal that never configured it uses 5).
 */
public record GoalReplanPolicyConfigured(int replanAfterCompletedTodos) implements LoopxEvent {
    public static final int DEFAULT = 5;
    public static final int MIN = 1;
    public static final int MAX = 5;

    public GoalReplanPolicyConfigured {
        if (replanAfterCompletedTodos < MIN || replanAfterCompletedTodos > MAX) {
            throw new IllegalArgumentException("replan_after_completed_todos out of range 1-5");
        }
    }
}
