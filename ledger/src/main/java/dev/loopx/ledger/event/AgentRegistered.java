package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code agent.registered} v1: an agent identity joined the goal as a peer ({@code peer_v1}).
 * Registration is identity, not authority.
 *
 * @param scope public-safe description of the agent's lane; empty when none
 */
public record AgentRegistered(String agentId, String scope) implements LoopxEvent {
    public AgentRegistered {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(scope, "scope");
    }
}
