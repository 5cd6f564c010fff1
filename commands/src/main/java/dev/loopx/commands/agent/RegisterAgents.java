package dev.loopx.commands.agent;

import java.util.List;
import java.util.Objects;

/** Register agent identities as peers of a goal; {@code requireNew} refuses ids that exist. */
public record RegisterAgents(String goalId, List<String> agentIds, String scope, boolean requireNew) {
    public RegisterAgents {
        Objects.requireNonNull(goalId, "goalId");
        agentIds = List.copyOf(agentIds);
        Objects.requireNonNull(scope, "scope");
    }
}
