package dev.loopx.projections.query;

/**
 * What should-run tells a lane to do (SPEC §S7: {@code effective_action}), one per branch of the
 * decision order, and who the lane is waiting on then ({@link WaitingOn}). Adding a branch adds
 * a constant here; every switch over it is exhaustive.
 */
public enum EffectiveAction {
    LEDGER_DAMAGED("ledger_damaged", Waits.USER),
    REPAIR_SCHEDULER_EXECUTION_CONTEXT("repair_scheduler_execution_context", Waits.USER),
    GOAL_STOPPED("goal_stopped", Waits.USER),
    QUOTA_PAUSED("quota_paused", Waits.USER),
    TERMINAL_NO_FOLLOWUP("terminal_no_followup", Waits.NOTHING),
    AUTOMATION_PROMPT_UPGRADE_REQUIRED("automation_prompt_upgrade_required", Waits.USER),
    OPERATOR_GATE_NOTIFY("operator_gate_notify", Waits.USER),
    THROTTLED_SKIP("throttled_skip", Waits.AGENT_WHEN_WORK_WAITS),
    SUCCESSOR_REPLAN_REQUIRED("successor_replan_required", Waits.AGENT),
    AUTONOMOUS_REPLAN_REQUIRED("autonomous_replan_required", Waits.AGENT),
    INITIAL_PLAN_REQUIRED("initial_plan_required", Waits.AGENT),
    MONITOR_MATERIAL_CHANGE("monitor_material_change", Waits.AGENT),
    NORMAL_RUN("normal_run", Waits.AGENT),
    MONITOR_DUE("monitor_due", Waits.AGENT),
    MONITOR_EXPIRED("monitor_expired", Waits.AGENT),
    CAPABILITY_BLOCKED("capability_blocked", Waits.USER),
    MONITOR_QUIET_SKIP("monitor_quiet_skip", Waits.NOTHING),
    PEER_COORDINATION_BLOCKED("peer_coordination_blocked", Waits.AGENT),
    QUOTA_SKIP("quota_skip", Waits.NOTHING);

    /** Whom a lane with this action waits on: the owner, an agent, nobody — or an agent only when work is waiting for its slot. */
    enum Waits {
        USER,
        AGENT,
        NOTHING,
        AGENT_WHEN_WORK_WAITS
    }

    private final String wire;
    private final Waits waits;

    EffectiveAction(String wire, Waits waits) {
        this.wire = wire;
        this.waits = waits;
    }

    /** The spelling in JSON, in {@code turn.observed} events and in the scheduler identity. */
    public String wire() {
        return wire;
    }

    Waits waits() {
        return waits;
    }
}
