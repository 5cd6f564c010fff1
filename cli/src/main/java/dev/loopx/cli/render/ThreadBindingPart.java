package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.goal.ThreadBinding;
import java.util.Optional;

/**
 * The JSON of a host-thread binding, {@code loopx_thread_agent_binding_v0}: {@code status}
 * {@code bound} or {@code not_bound} and, when bound, the agent, the seq and time of the binding
 * and the agent it was moved from.
 */
final class ThreadBindingPart {
    private ThreadBindingPart() {}

    static ObjectNode of(Optional<ThreadBinding> binding) {
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
}
