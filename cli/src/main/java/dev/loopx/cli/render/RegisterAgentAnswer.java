package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.projections.goal.GoalView;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx register-agent}'s answer, {@code loopx_register_agent_v0}: the write's head, the agent
 * model ({@code peer_v1}) and the goal's registered agents after the write (now, for a preview).
 *
 * <p>Its text names the agents the command was given (what it registered, or would), then the
 * goal's lanes (after the write; for a preview, as they are now), the model, where it was recorded,
 * and for a preview how to record it.
 *
 * @param requested the agent ids the command was given, in its order
 */
public record RegisterAgentAnswer(GoalWriteHead head, List<String> requested) implements RenderedAnswer {
    private static final String MODEL = "peer_v1";
    private static final String NEXT_STEP = "add --execute to register";

    public RegisterAgentAnswer {
        Objects.requireNonNull(head, "head");
        requested = List.copyOf(requested);
    }

    private List<GoalView.Agent> agents() {
        return head.outcome().goal().map(GoalView::agents).orElse(List.of());
    }

    /** Whether the goal's lanes are exactly the agents named (then the first line says it all). */
    private boolean sameAgents() {
        return agents().stream().map(GoalView.Agent::agentId).toList().equals(requested);
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("agent_model", MODEL);
        ArrayNode agents = doc.putArray("registered_agents");
        agents().forEach(a -> agents.addObject().put("agent_id", a.agentId()).put("scope", a.scope()));
        if (head.preview()) {
            doc.put("next_step", NEXT_STEP);
        }
        return doc;
    }

    void text(PrintWriter out) {
        List<String> agents = agents().stream()
                .map(a -> a.agentId() + (a.scope().isEmpty() ? "" : " (" + a.scope() + ")"))
                .toList();
        String named = String.join(", ", requested);
        out.println(
                (head.preview() ? "preview: would register " : head.changed() ? "registered " : "already registered: ")
                        + named + " on goal " + head.goalId());
        // the lanes the goal has: after the write, or (a preview) as they are now
        String lanes = agents.isEmpty() ? "none yet" : String.join(", ", agents);
        new Lines(out)
                .add(head.preview() ? "registered now" : "lanes", head.preview() || !sameAgents() ? lanes : "")
                .add("model", "peer_v1 (every agent is a lane: each claims its own todos, gates may block one lane)")
                .add("recorded", head.recorded())
                .add("next", head.preview() ? Previews.next(head.schemaVersion(), NEXT_STEP) : "")
                .print();
    }
}
