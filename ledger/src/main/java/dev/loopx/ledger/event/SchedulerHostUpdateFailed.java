package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code scheduler.host_update_failed} v1: the host could not apply {@code failedRrule} while its
 * automation stayed at {@code observedRrule}. Suppresses the same apply for 24 h. Never spends.
 */
public record SchedulerHostUpdateFailed(String agentId, String surface, String failedRrule, String observedRrule)
        implements LoopxEvent {
    public SchedulerHostUpdateFailed {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(surface, "surface");
        Objects.requireNonNull(failedRrule, "failedRrule");
        Objects.requireNonNull(observedRrule, "observedRrule");
    }
}
