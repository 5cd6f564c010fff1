package dev.loopx.cli.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.agent.WriteThreadBinding;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.goal.ThreadBinding;
import java.util.Optional;

/**
 * The JSON of a host-thread binding ({@code binding}: {@code status bound|not_bound} and, when
 * bound, the agent, the seq and time of the binding and the agent it was moved from) and the facts
 * {@code bind-agent-thread} / {@code unbind-agent-thread} add to their receipt.
 */
final class ThreadBindingDocument {
    private ThreadBindingDocument() {}

    static ObjectNode binding(Optional<ThreadBinding> binding) {
        ObjectNode n = Json.object();
        n.put("schema_version", "loopx_thread_agent_binding_v0");
        if (binding.isEmpty()) {
            n.put("status", "not_bound");
            return n;
        }
        ThreadBinding b = binding.get();
        n.put("status", "bound");
        n.put("agent_id", b.agentId());
        n.put("bound_seq", b.boundSeq());
        n.put("bound_at", b.boundAt());
        n.put("previous_agent_id", b.previousAgentId());
        return n;
    }

    static void describe(
            ObjectNode doc,
            String operation,
            String hostSurface,
            String threadId,
            String agentId,
            WriteThreadBinding.Result result,
            boolean execute) {
        doc.put("operation", operation);
        doc.put("host_surface", hostSurface);
        doc.put("thread_id", threadId);
        doc.put("agent_id", agentId);
        doc.set("binding_before", binding(result.before()));
        doc.set("binding", binding(result.after()));
        if (!execute) {
            doc.put("next_step", "repeat the command with --execute to record it");
        }
    }
}
