package dev.loopx.projections.query;

/**
 * Whom a should-run verdict waits on: {@code user} (an owner gate, a stopped goal, a paused
 * quota, a heartbeat to install), {@code agent} (work, a replan, a due monitor, a peer's claim,
 * or throttled work waiting for its slot), else {@code nothing}. Pure.
 */
public final class WaitingOn {
    private WaitingOn() {}

    public static String of(ShouldRun.Verdict v) {
        return switch (v.effectiveAction().waits()) {
            case USER -> "user";
            case AGENT -> "agent";
            case NOTHING -> "nothing";
            case AGENT_WHEN_WORK_WAITS -> v.candidates().isEmpty() ? "nothing" : "agent";
        };
    }
}
