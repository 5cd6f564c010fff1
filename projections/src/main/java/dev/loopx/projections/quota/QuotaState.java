package dev.loopx.projections.quota;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where a goal's quota stands (SPEC §S6): {@link #PAUSED} when compute is 0, {@link #THROTTLED}
 * when the window's spends reach what is allowed, else {@link #ACTIVE} ({@link QuotaStatus#at}).
 * The answers that fold the goal's lifecycle in (should-run, the quota plan, the review packet)
 * say {@link #STOPPED} for a stopped goal ({@link QuotaStatus#stateOf}); {@link QuotaStatus#at}
 * never does. Computed, never recorded or stored: shown by its wire spelling ({@link #wire}).
 */
public enum QuotaState {
    ACTIVE("active"),
    THROTTLED("throttled"),
    PAUSED("paused"),
    /** The goal is stopped, whatever its quota. */
    STOPPED("stopped");

    private final String wire;

    QuotaState(String wire) {
        this.wire = wire;
    }

    /** The spelling in JSON answers ({@code state}) and text. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** {@link #wire}, so text that joins a state prints what it always printed. */
    @Override
    public String toString() {
        return wire;
    }
}
