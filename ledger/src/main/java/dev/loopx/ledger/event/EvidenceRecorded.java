package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code evidence.recorded} v1: a turn's writeback ({@code refresh-state}).
 *
 * @param deliveryOutcome {@code outcome_progress|primary_goal_outcome|surface_only|outcome_gap}, or empty
 */
public record EvidenceRecorded(String agentId, String deliveryOutcome, String summary) implements LoopxEvent {
    public EvidenceRecorded {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(deliveryOutcome, "deliveryOutcome");
        Objects.requireNonNull(summary, "summary");
    }
}
