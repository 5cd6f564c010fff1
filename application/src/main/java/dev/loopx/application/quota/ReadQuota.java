package dev.loopx.application.quota;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.goal.GoalLifecycle;
import dev.loopx.projections.query.Frontier;
import dev.loopx.projections.quota.QuotaStatus;
import io.vavr.control.Either;
import java.util.Optional;

/**
 * Use case "how much may this goal still run, and what is left to do?" ({@code quota status},
 * SPEC §S6): the quota window at {@code now} and the goal frontier as one lane sees it. Reads only.
 */
public final class ReadQuota {
    private ReadQuota() {}

    /** @param agentId the lane; empty for the goal as a whole */
    public record Request(String goalId, String agentId) {}

    /** The goal's lifecycle word, its quota at {@code now} and its frontier for the lane. */
    public record Answer(GoalLifecycle lifecycle, QuotaStatus quota, Frontier frontier) {}

    public static Either<Rejection, Answer> run(Invocation invocation, Request r) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            Optional<GoalState> goal = GoalState.load(runtime.views(), r.goalId());
            if (goal.isEmpty()) {
                return Either.left(new Rejection.GoalNotFound(r.goalId()));
            }
            GoalState s = goal.get();
            return Either.right(new Answer(
                    s.goal().lifecycle(),
                    QuotaStatus.at(s.goal().quota(), s.quota(), invocation.now()),
                    Frontier.of(s, r.agentId(), invocation.now())));
        }
    }
}
