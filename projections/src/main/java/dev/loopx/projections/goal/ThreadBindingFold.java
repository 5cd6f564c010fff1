package dev.loopx.projections.goal;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.AgentThreadBound;
import dev.loopx.ledger.event.AgentThreadUnbound;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.List;
import java.util.Optional;

/**
 * Folds host-thread bindings into view {@code agent_thread} (key {@code <goal>/<host surface>/<thread>},
 * one row per bound thread): {@code agent.thread_bound} writes the row (a move replaces it),
 * {@code agent.thread_unbound} removes it when it still names that agent. So "which agent is this
 * thread" is one point read, and a goal's bindings are one key-prefix list. Pure function of the
 * views and the event.
 */
public final class ThreadBindingFold {
    public static final String VIEW = "agent_thread";

    private ThreadBindingFold() {}

    /** The binding of {@code threadId} on {@code hostSurface} in goal {@code goalId}, if it is bound. */
    public static Optional<ThreadBinding> binding(Views views, String goalId, String hostSurface, String threadId) {
        return Documents.get(views, VIEW, key(goalId, hostSurface, threadId), ThreadBinding.class);
    }

    /** Every bound thread of the goal, by host surface then thread id. */
    public static List<ThreadBinding> bindings(Views views, String goalId) {
        return Documents.list(views, VIEW, goalId + "/", ThreadBinding.class);
    }

    public static void bound(Views views, Recorded r, AgentThreadBound e) {
        Documents.put(
                views,
                VIEW,
                key(r.goalId(), e.hostSurface(), e.threadId()),
                new ThreadBinding(
                        r.goalId(),
                        e.hostSurface(),
                        e.threadId(),
                        e.agentId(),
                        r.seq(),
                        r.recordedAt(),
                        e.previousAgentId()));
    }

    public static void unbound(Views views, Recorded r, AgentThreadUnbound e) {
        String key = key(r.goalId(), e.hostSurface(), e.threadId());
        Documents.get(views, VIEW, key, ThreadBinding.class)
                .filter(b -> b.agentId().equals(e.agentId()))
                .ifPresent(b -> views.remove(VIEW, key));
    }

    /** Ids never contain '/', so the key splits back unambiguously. */
    static String key(String goalId, String hostSurface, String threadId) {
        return goalId + "/" + hostSurface + "/" + threadId;
    }
}
