package dev.loopx.projections.query;

import java.util.Set;

/**
 * Whom a should-run verdict waits on: {@code user} (an owner gate, a stopped goal, a paused
 * quota, a heartbeat to install), {@code agent} (work, a replan, a due monitor, a peer's claim,
 * or throttled work waiting for its slot), else {@code nothing}. Pure.
 */
public final class WaitingOn {
    private static final Set<String> USER = Set.of("operator_gate_notify", "goal_stopped", "quota_paused",
            "automation_prompt_upgrade_required", "repair_scheduler_execution_context");
    private static final Set<String> AGENT = Set.of("normal_run", "successor_replan_required", "monitor_due",
            "peer_coordination_blocked");

    private WaitingOn() {}

    public static String of(ShouldRun.Verdict v) {
        String action = v.effectiveAction();
        if (USER.contains(action)) {
            return "user";
        }
        if (action.equals("throttled_skip")) {
            return v.candidates().isEmpty() ? "nothing" : "agent";
        }
        return AGENT.contains(action) ? "agent" : "nothing";
    }
}
