package dev.loopx.projections.goal;

import java.util.Objects;

/**
 * One host thread bound to one registered agent of a goal (view {@code agent_thread}, key
 * {@code <goal>/<host surface>/<thread>}), kept by {@link ThreadBindingFold}.
 *
 * @param boundSeq the {@code agent.thread_bound} that made this binding
 * @param previousAgentId the agent the thread was moved from by that event (empty: a first binding)
 */
public record ThreadBinding(
        String goalId,
        String hostSurface,
        String threadId,
        String agentId,
        long boundSeq,
        String boundAt,
        String previousAgentId) {
    public ThreadBinding {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(hostSurface, "hostSurface");
        Objects.requireNonNull(threadId, "threadId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(boundAt, "boundAt");
        Objects.requireNonNull(previousAgentId, "previousAgentId");
    }
}
