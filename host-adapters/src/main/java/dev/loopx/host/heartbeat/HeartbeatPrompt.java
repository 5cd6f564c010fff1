package dev.loopx.host.heartbeat;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import io.vavr.control.Either;
import java.util.List;
import java.util.Optional;

/**
 * The {@code heartbeat-prompt} answers (SPEC §S11) as pure functions of the goal's state and the
 * request. Identity fails closed: a goal with registered agents needs {@code --agent-id}; a given
 * agent must be registered; a bootstrap (managed wrapper) always needs a registered agent. A
 * refusal ({@link IdentityRefusal}) carries no body and no wrapper; it names the registered agents
 * and the exact command(s) to run instead.
 */
public final class HeartbeatPrompt {
    private HeartbeatPrompt() {}

    /**
     * The identity refusal for this lane, or empty when it may load a body. {@code bootstrap}
     * additionally refuses an empty agent id on a goal without agents, and its commands ask for the
     * wrapper again.
     */
    public static Optional<IdentityRefusal> identityRefusal(GoalState s, String agentId, boolean bootstrap) {
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
        List<NextStep> commands = registered.isEmpty()
                ? List.of(NextStep.of(Verb.REGISTER_AGENT)
                        .with(Flag.GOAL_ID, goal)
                        .with(Flag.EXECUTE)
                        .needs(Flag.AGENT_ID, "the id of the agent this heartbeat runs as"))
                : registered.stream()
                        .map(a -> {
                            NextStep step = NextStep.of(Verb.HEARTBEAT_PROMPT)
                                    .with(Flag.GOAL_ID, goal)
                                    .with(Flag.AGENT_ID, a);
                            return bootstrap ? step.with(Flag.BOOTSTRAP) : step;
                        })
                        .toList();
        return Optional.of(new IdentityRefusal(goal, agentId, errorCode, message, registered, commands));
    }

    /** The thin answer: the lane's task body, or its identity refusal. */
    public static Either<IdentityRefusal, ThinPrompt> thin(GoalState s, ThinBody.Request r) {
        return identityRefusal(s, r.agentId(), false)
                .<Either<IdentityRefusal, ThinPrompt>>map(Either::left)
                .orElseGet(() -> Either.right(ThinPrompt.of(r)));
    }
}
