package dev.loopx.host.heartbeat;

import dev.loopx.projections.next.NextStep;
import java.util.List;
import java.util.Objects;

/**
 * Why a lane may not load a heartbeat body or managed wrapper (SPEC §S11): identity fails closed,
 * so the answer carries no {@code task_body} and no wrapper, only the registered agents and the
 * exact command(s) to run instead.
 *
 * @param agentId the agent the call named; empty when none was given
 * @param errorCode {@code agent_id_required} or {@code agent_not_registered}
 * @param registeredAgents the goal's registered agents, in registration order
 * @param commands what to run instead, never empty: register an agent, or one heartbeat-prompt
 *     call per registered agent
 */
public record IdentityRefusal(
        String goalId,
        String agentId,
        String errorCode,
        String message,
        List<String> registeredAgents,
        List<NextStep> commands) {
    public IdentityRefusal {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(errorCode, "errorCode");
        Objects.requireNonNull(message, "message");
        registeredAgents = List.copyOf(registeredAgents);
        commands = List.copyOf(commands);
        if (commands.isEmpty()) {
            throw new IllegalArgumentException("a refusal names at least one command to run instead");
        }
    }

    /** The first of {@link #commands}: the one to run. */
    public NextStep hint() {
        return commands.get(0);
    }
}
