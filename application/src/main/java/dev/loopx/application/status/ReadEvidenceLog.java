package dev.loopx.application.status;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.AgentDecider;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.evidence.EvidenceLog;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case "what did this lane do lately" ({@code loopx evidence-log}): the lane's recent
 * writebacks and spends and the goal's recent rewards and gate runs, newest first
 * ({@link EvidenceLog}), read from a few projection rows. The lane follows the todo-write rule: on a
 * goal with registered agents it must be named and registered; on a goal without agents it is
 * empty. Reads only; never appends, never takes the write lock.
 */
public final class ReadEvidenceLog {
    private ReadEvidenceLog() {}

    public record Request(String goalId, String agentId) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
        }
    }

    public static Either<Rejection, List<EvidenceLog.Item>> run(Invocation invocation, Request r) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            Views views = runtime.views();
            Optional<GoalState> goal = GoalState.load(views, r.goalId());
            if (goal.isEmpty()) {
                return Either.left(new Rejection.GoalNotFound(r.goalId()));
            }
            Optional<Rejection> lane = AgentDecider.checkActor(goal.get(), r.agentId());
            if (lane.isPresent()) {
                return Either.left(lane.get());
            }
            return Either.right(EvidenceLog.of(views, r.goalId(), r.agentId()));
        }
    }
}
