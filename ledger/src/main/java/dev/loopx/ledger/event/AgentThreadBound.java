package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code agent.thread_bound} v1: a host thread (an opaque id the host gives one conversation or
 * automation thread, e.g. a Codex App thread) now speaks for one registered agent of the goal, so
 * a host can ask "which agent is this thread" ({@code loopx resolve-agent-thread}). One thread of
 * one host surface binds to at most one agent per goal; {@code previousAgentId} names the agent
 * it was bound to before when the binding was explicitly moved ({@code --move}), else empty.
 * Binding is identity, not authority.
 *
 * @param hostSurface the host the thread id belongs to ({@code codex-app}, {@code claude-code}…)
 * @param threadId the host's opaque thread id (an id by SPEC §S0's rule; never a path)
 */
public record AgentThreadBound(String agentId, String hostSurface, String threadId, String previousAgentId)
        implements LoopxEvent {
    public AgentThreadBound {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(hostSurface, "hostSurface");
        Objects.requireNonNull(threadId, "threadId");
        Objects.requireNonNull(previousAgentId, "previousAgentId");
    }
}
