package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code agent.thread_unbound} v1: the host thread no longer speaks for {@code agentId} (the agent
 * it was bound to); resolving it answers "not bound" until it is bound again.
 */
public record AgentThreadUnbound(String agentId, String hostSurface, String threadId) implements LoopxEvent {
    public AgentThreadUnbound {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(hostSurface, "hostSurface");
        Objects.requireNonNull(threadId, "threadId");
    }
}
