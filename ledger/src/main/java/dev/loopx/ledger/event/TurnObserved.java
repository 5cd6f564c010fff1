package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code turn.observed} v1: should-run saw a host turn ({@code --turn-instance-id}); recorded once
 * per turn id, as a receipt. Never spends.
 */
public record TurnObserved(String agentId, String turnInstanceId, String effectiveAction) implements LoopxEvent {
    public TurnObserved {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(turnInstanceId, "turnInstanceId");
        Objects.requireNonNull(effectiveAction, "effectiveAction");
    }
}
