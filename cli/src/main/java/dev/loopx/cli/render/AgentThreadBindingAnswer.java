package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.agent.WriteThreadBinding;
import dev.loopx.projections.goal.ThreadBinding;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx bind-agent-thread}'s and {@code unbind-agent-thread}'s answer,
 * {@code loopx_agent_thread_binding_v0}: the write's head, the thread and agent named, and the
 * thread's binding before and after (for a preview, as it is now). Its text is the answer (bound,
 * moved, already bound, unbound, not bound, or what a preview would do), then the goal, the receipt
 * and the next step.
 *
 * @param head        the write's head (preview or receipt)
 * @param operation   bind or unbind
 * @param hostSurface the thread's host surface
 * @param threadId    the thread
 * @param agentId     the agent named by {@code --agent-id}
 * @param result      the thread's binding before and after the write
 */
public record AgentThreadBindingAnswer(
        GoalWriteHead head,
        AgentThreadBindingAnswer.Operation operation,
        String hostSurface,
        String threadId,
        String agentId,
        WriteThreadBinding.Result result)
        implements RenderedAnswer {
    private static final String EXECUTE = "repeat the command with --execute to record it";

    public AgentThreadBindingAnswer {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(hostSurface, "hostSurface");
        Objects.requireNonNull(threadId, "threadId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(result, "result");
    }

    /** What the command does to the thread's binding. */
    public enum Operation {
        BIND("bind"),
        UNBIND("unbind");

        private final String wire;

        Operation(String wire) {
            this.wire = wire;
        }

        /** The answer's {@code operation}. */
        public String wire() {
            return wire;
        }
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("operation", operation.wire());
        doc.put("host_surface", hostSurface);
        doc.put("thread_id", threadId);
        doc.put("agent_id", agentId);
        doc.set("binding_before", ThreadBindingPart.of(result.before()));
        doc.set("binding", ThreadBindingPart.of(result.after()));
        if (head.preview()) {
            doc.put("next_step", EXECUTE);
        }
        return doc;
    }

    void text(PrintWriter out) {
        String first = operation == Operation.BIND ? bound() : unbound();
        boolean preview = head.preview() && !first.endsWith("nothing appended");
        out.println(first + (preview ? " (nothing written)" : ""));
        new Lines(out)
                .add("goal", head.goalId())
                .add("recorded", head.recorded())
                .add("next", preview ? EXECUTE : next())
                .print();
    }

    private String thread() {
        return "thread " + threadId + " (" + hostSurface + ")";
    }

    /** The first line of a bind: already bound, or (would be) bound or moved. */
    private String bound() {
        Optional<String> was = result.before().map(ThreadBinding::agentId);
        if (was.isPresent() && was.get().equals(agentId)) {
            return "already bound: " + thread() + " → " + agentId + "; nothing appended";
        }
        String verb = head.preview() ? "preview: would bind " : was.isPresent() ? "moved " : "bound ";
        return verb + thread() + " → " + agentId
                + was.map(w -> " (was " + w + ")").orElse("");
    }

    /** The first line of an unbind: not bound, or (would be) unbound. */
    private String unbound() {
        if (result.before().isEmpty()) {
            return "not bound: " + thread() + " speaks for no agent; nothing appended";
        }
        return (head.preview() ? "preview: would unbind " : "unbound ") + thread() + " from " + agentId;
    }

    /** After a recorded bind, how to check it; nothing after an unbind. */
    private String next() {
        return operation == Operation.BIND && !head.preview()
                ? "loopx resolve-agent-thread --goal-id " + head.goalId() + " --thread-id " + threadId
                        + " --host-surface " + hostSurface
                : "";
    }
}
