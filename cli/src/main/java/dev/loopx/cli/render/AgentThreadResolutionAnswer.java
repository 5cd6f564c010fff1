package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.projections.goal.ThreadBinding;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx resolve-agent-thread}'s answer, {@code loopx_agent_thread_resolution_v0}: the agent a
 * host thread speaks for, with its binding. Its text names the agent first, then the goal and when
 * (and from whom) the thread was bound.
 *
 * @param goalId      the goal asked about
 * @param hostSurface the host surface asked about
 * @param threadId    the thread asked about
 * @param binding     the thread's binding
 */
public record AgentThreadResolutionAnswer(String goalId, String hostSurface, String threadId, ThreadBinding binding)
        implements RenderedAnswer {
    public AgentThreadResolutionAnswer {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(hostSurface, "hostSurface");
        Objects.requireNonNull(threadId, "threadId");
        Objects.requireNonNull(binding, "binding");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_agent_thread_resolution_v0", true);
        doc.put("goal_id", goalId);
        doc.put("host_surface", hostSurface);
        doc.put("thread_id", threadId);
        doc.put("agent_id", binding.agentId());
        doc.set("binding", ThreadBindingPart.of(Optional.of(binding)));
        return doc;
    }

    void text(PrintWriter out) {
        out.println(binding.agentId() + " ← thread " + threadId + " (" + hostSurface + ")");
        new Lines(out)
                .add("goal", goalId)
                .add(
                        "bound",
                        "seq " + binding.boundSeq() + " at " + binding.boundAt()
                                + (binding.previousAgentId().isEmpty()
                                        ? ""
                                        : " (moved from " + binding.previousAgentId() + ")"))
                .print();
    }
}
