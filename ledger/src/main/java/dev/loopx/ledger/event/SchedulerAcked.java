package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code scheduler.acked} v1: a host applied a scheduler hint (SPEC §S8). Never spends.
 *
 * @param agentId the lane whose automation was updated
 * @param surface the host surface (e.g. {@code codex_app})
 */
public record SchedulerAcked(
        String agentId,
        String surface,
        String resetToken,
        String identitySignature,
        int progressionIndex,
        int progressionMinutes,
        String lastAppliedRrule)
        implements LoopxEvent {
    public SchedulerAcked {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(surface, "surface");
        Objects.requireNonNull(resetToken, "resetToken");
        Objects.requireNonNull(identitySignature, "identitySignature");
        Objects.requireNonNull(lastAppliedRrule, "lastAppliedRrule");
    }
}
