package dev.loopx.commands.agent;

import java.util.Objects;

/** Bindings between host threads and registered agents ({@code agent.thread_bound} / {@code agent.thread_unbound}). */
public final class ThreadCommands {
    private ThreadCommands() {}

    public sealed interface ThreadCommand {
        String goalId();

        String hostSurface();

        String threadId();

        String agentId();
    }

    /**
     * Bind {@code threadId} of {@code hostSurface} to registered agent {@code agentId}; {@code move}
     * allows taking the thread from the agent it is bound to now.
     */
    public record BindAgentThread(String goalId, String hostSurface, String threadId, String agentId, boolean move)
            implements ThreadCommand {
        public BindAgentThread {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(hostSurface, "hostSurface");
            Objects.requireNonNull(threadId, "threadId");
            Objects.requireNonNull(agentId, "agentId");
        }
    }

    /** Remove the binding of {@code threadId}, which must be bound to {@code agentId} (the expected agent). */
    public record UnbindAgentThread(String goalId, String hostSurface, String threadId, String agentId)
            implements ThreadCommand {
        public UnbindAgentThread {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(hostSurface, "hostSurface");
            Objects.requireNonNull(threadId, "threadId");
            Objects.requireNonNull(agentId, "agentId");
        }
    }
}
