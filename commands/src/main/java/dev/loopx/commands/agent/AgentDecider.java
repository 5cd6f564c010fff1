package dev.loopx.commands.agent;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.projections.GoalState;
import io.vavr.control.Either;
import java.util.List;
import java.util.Optional;

/** Pure decisions about a goal's agent identities (SPEC §S3). Registration is identity, not authority. */
public final class AgentDecider {
    private AgentDecider() {}

    public static Either<Rejection, List<LoopxEvent>> decide(RegisterAgents command, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(command.goalId()));
        }
        var goal = state.get().goal();
        List<String> existing = command.agentIds().stream()
                .distinct()
                .filter(id -> goal.agent(id).isPresent())
                .toList();
        if (command.requireNew() && !existing.isEmpty()) {
            return Decision.reject(new Rejection.AgentIdentityAlreadyRegistered(existing));
        }
        return Either.right(command.agentIds().stream()
                .distinct()
                .filter(id -> goal.agent(id).isEmpty())
                .<LoopxEvent>map(id -> new AgentRegistered(id, command.scope()))
                .toList());
    }

    /**
     * The acting agent for a todo write: on a goal with registered agents it must be given and
     * registered; on a goal without agents it must be absent (nothing to check it against).
     */
    public static Optional<Rejection> checkActor(GoalState state, String agentId) {
        var goal = state.goal();
        if (!state.hasAgents()) {
            return agentId.isEmpty()
                    ? Optional.empty()
                    : Optional.of(new Rejection.AgentNotRegistered(goal.goalId(), agentId, List.of()));
        }
        if (agentId.isEmpty()) {
            return Optional.of(new Rejection.AgentIdRequired(goal.goalId(), goal.agentIds()));
        }
        if (goal.agent(agentId).isEmpty()) {
            return Optional.of(new Rejection.AgentNotRegistered(goal.goalId(), agentId, goal.agentIds()));
        }
        return Optional.empty();
    }
}
