package dev.loopx.commands.heartbeat;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.ledger.event.HeartbeatInstalled;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.heartbeat.HeartbeatFold;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.util.List;
import java.util.Optional;

/**
 * Pure decision about recording a heartbeat install. Identity fails closed (SPEC §S15 "missing
 * registered agent id → heartbeat install/refresh fails closed"): the goal must exist, an agent
 * id must be given, and it must be registered. Re-recording the same wrapper (same version and
 * digest) for the same lane and surface changes nothing; a different digest is a refresh and is
 * appended. Never spends.
 */
public final class HeartbeatDecider {
    private HeartbeatDecider() {}

    public static Either<Rejection, List<LoopxEvent>> decide(
            RecordHeartbeatInstall c, Optional<GoalState> state, Views views) {
        Optional<Rejection> identity = checkIdentity(c.goalId(), c.agentId(), state);
        if (identity.isPresent()) {
            return Decision.reject(identity.get());
        }
        var last = HeartbeatFold.last(views, c.goalId(), c.agentId(), c.hostSurface());
        if (last.isPresent()
                && last.get().wrapperVersion() == c.wrapperVersion()
                && last.get().wrapperSha256().equals(c.wrapperSha256())) {
            return Decision.unchanged();
        }
        return Decision.accept(
                new HeartbeatInstalled(c.agentId(), c.hostSurface(), c.wrapperVersion(), c.wrapperSha256()));
    }

    /**
     * The identity rule a managed heartbeat needs: an existing goal and a registered agent. An
     * empty agent id is refused even on a goal without agents (a heartbeat must name its lane).
     */
    public static Optional<Rejection> checkIdentity(String goalId, String agentId, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Optional.of(new Rejection.GoalNotFound(goalId));
        }
        List<String> registered = state.get().goal().agentIds();
        if (agentId.isEmpty()) {
            return Optional.of(
                    registered.isEmpty()
                            ? new Rejection.AgentNotRegistered(goalId, "", registered)
                            : new Rejection.AgentIdRequired(goalId, registered));
        }
        if (state.get().goal().agent(agentId).isEmpty()) {
            return Optional.of(new Rejection.AgentNotRegistered(goalId, agentId, registered));
        }
        return Optional.empty();
    }
}
