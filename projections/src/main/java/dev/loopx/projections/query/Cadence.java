package dev.loopx.projections.query;

import java.util.List;

/**
 * The cadence table of SPEC §S8, as data. Local progressions are the table's; app progressions
 * are clamped to 60 minutes (Codex App cadence never exceeds an hour) with duplicates removed.
 * {@code unchangedLimit} 0 means "stop" (stop cadences), -1 means "none" (runnable work).
 */
public enum Cadence {
    GOAL_STOPPED("stop_until_explicit_resume", "goal_stopped", List.of(), 0),
    QUOTA_PAUSED("stop_until_explicit_resume", "quota_paused", List.of(), 0),
    TERMINAL("stop_until_explicit_resume", "terminal_no_followup", List.of(), 0),
    ACTIVE_WORK("run_now", "active_work", List.of(3, 6, 10), -1),
    HUMAN_GATE("backoff_waiting_for_user", "human_gate", List.of(30, 60, 120), 3),
    PEER_WAIT("backoff_until_reassigned", "peer_coordination_wait", List.of(10, 20, 30, 60), 3),
    MONITOR_WAIT("backoff_until_material_transition", "monitor_wait", List.of(15, 30, 60), 3),
    UNCHANGED("backoff_until_fresh_evidence", "unchanged_noop", List.of(60, 120, 240), 3),
    REPAIR("repair_scheduler_execution_context", "control_plane_repair", List.of(), 0),
    LEDGER_DAMAGED("backoff_waiting_for_user", "ledger_damaged", List.of(30, 60, 120), 3);

    private final String action;
    private final String cadenceClass;
    private final List<Integer> localProgression;
    private final int unchangedLimit;

    Cadence(String action, String cadenceClass, List<Integer> localProgression, int unchangedLimit) {
        this.action = action;
        this.cadenceClass = cadenceClass;
        this.localProgression = localProgression;
        this.unchangedLimit = unchangedLimit;
    }

    public String action() {
        return action;
    }

    public String cadenceClass() {
        return cadenceClass;
    }

    public List<Integer> localProgression() {
        return localProgression;
    }

    /** Runnable work is held at its base: the local loop polls every 3 minutes while work lasts. */
    public boolean holdsAtBase() {
        return this == ACTIVE_WORK;
    }

    public List<Integer> appProgression() {
        if (holdsAtBase()) {
            return localProgression.isEmpty() ? List.of() : List.of(localProgression.get(0));
        }
        return localProgression.stream().map(m -> Math.min(m, 60)).distinct().toList();
    }

    public boolean stops() {
        return localProgression.isEmpty();
    }

    public int unchangedLimit() {
        return unchangedLimit;
    }

    public static String rrule(int minutes) {
        return "FREQ=MINUTELY;INTERVAL=" + Math.max(1, minutes);
    }
}
