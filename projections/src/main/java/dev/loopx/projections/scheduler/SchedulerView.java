package dev.loopx.projections.scheduler;

import java.util.List;
import java.util.Objects;

/**
 * A lane's scheduler memory (SPEC §S8), per goal, agent and host surface: the last acknowledged
 * hint and the recent host update failures (at most four distinct pairs; expiry is decided at
 * query time).
 */
public record SchedulerView(String goalId, String agentId, String surface, Ack lastAck, List<Failure> failures) {
    public SchedulerView {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(surface, "surface");
        failures = List.copyOf(failures);
    }

    public static SchedulerView empty(String goalId, String agentId, String surface) {
        return new SchedulerView(goalId, agentId, surface, null, List.of());
    }

    /** The last {@code scheduler.acked}; {@code ackedAt} is its RFC 3339 time. */
    public record Ack(
            long seq,
            String resetToken,
            String identitySignature,
            int progressionIndex,
            int progressionMinutes,
            String lastAppliedRrule,
            String ackedAt) {}

    /** One {@code scheduler.host_update_failed}. */
    public record Failure(long seq, String failedRrule, String observedRrule, String recordedAt) {}
}
