package dev.loopx.host.heartbeat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import java.util.List;
import java.util.Optional;

/**
 * The {@code heartbeat-prompt} answers (SPEC §S11) as pure functions of the goal's state and the
 * request. Identity fails closed: a goal with registered agents needs {@code --agent-id}; a given
 * agent must be registered; a bootstrap (managed wrapper) always needs a registered agent. A
 * refusal carries no {@code task_body} and no wrapper; it names the registered agents and the
 * exact command(s) to run instead.
 */
public final class HeartbeatPrompt {
    public static final String THIN_SCHEMA = "heartbeat_agent_input_v1";

    private HeartbeatPrompt() {}

    /**
     * The identity refusal for this lane, or empty when it may load a body. {@code bootstrap}
     * additionally refuses an empty agent id on a goal without agents.
     */
    public static Optional<ObjectNode> identityRefusal(
            String schemaVersion, GoalState s, String agentId, boolean bootstrap) {
        String goal = s.goal().goalId();
        List<String> registered = s.goal().agentIds();
        String errorCode;
        String message;
        if (agentId.isEmpty() && (!registered.isEmpty() || bootstrap)) {
            errorCode = registered.isEmpty() ? "agent_not_registered" : "agent_id_required";
            message = registered.isEmpty()
                    ? "goal " + goal + " has no registered agents; a managed heartbeat is bound to a registered agent"
                    : "goal " + goal + " has registered agents (" + String.join(", ", registered)
                            + "); a heartbeat must say which one it runs with --agent-id";
        } else if (!agentId.isEmpty() && s.goal().agent(agentId).isEmpty()) {
            errorCode = "agent_not_registered";
            message = "agent " + agentId + " is not registered for goal " + goal
                    + (registered.isEmpty()
                            ? " (no agents are registered)"
                            : " (registered: " + String.join(", ", registered) + ")");
        } else {
            return Optional.empty();
        }
        ObjectNode doc = Json.object();
        doc.put("schema_version", schemaVersion);
        doc.put("ok", false);
        doc.put("goal_id", goal);
        doc.put("agent_id", agentId);
        doc.put("error_code", errorCode);
        doc.put("message", message);
        ArrayNode agents = doc.putArray("registered_agents");
        registered.forEach(agents::add);
        ArrayNode commands = doc.putArray("commands");
        String mode = bootstrap ? " --bootstrap" : "";
        if (registered.isEmpty()) {
            commands.add("loopx register-agent --goal-id " + goal + " --agent-id <agent-id> --execute");
        } else {
            registered.forEach(
                    a -> commands.add("loopx heartbeat-prompt --goal-id " + goal + " --agent-id " + a + mode));
        }
        doc.put("hint", commands.get(0).asText());
        return Optional.of(doc);
    }

    /** The thin answer: {@code heartbeat_agent_input_v1} with only the contract's fields, or a refusal. */
    public static ObjectNode thin(GoalState s, ThinBody.Request r) {
        Optional<ObjectNode> refusal = identityRefusal(THIN_SCHEMA, s, r.agentId(), false);
        if (refusal.isPresent()) {
            return refusal.get();
        }
        String body = ThinBody.render(r);
        ObjectNode doc = Json.object();
        doc.put("schema_version", THIN_SCHEMA);
        doc.put("ok", true);
        doc.put("goal_id", r.goalId());
        doc.put("agent_id", r.agentId());
        doc.put("task_body", body);
        ObjectNode budget = doc.putObject("interface_budget");
        budget.put("mode", "thin");
        budget.put("budget_char_count", ThinBody.chars(body));
        budget.put("max_chars", ThinBody.MAX_CHARS);
        budget.put("within_budget", ThinBody.chars(body) <= ThinBody.MAX_CHARS);
        return doc;
    }
}
