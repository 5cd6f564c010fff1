package dev.loopx.application.agent;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.goal.ThreadBinding;
import dev.loopx.projections.goal.ThreadBindingFold;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case "which agent is this thread" ({@code loopx resolve-agent-thread}, and hosts that know
 * only their thread id): the binding of one host thread in one goal. A thread bound to no agent
 * is {@link Rejection.AgentThreadNotBound} (with the goal's registered agents, so the answer can
 * say how to bind it). Reads only; never appends, never takes the write lock.
 */
public final class ResolveAgentThread {
    private ResolveAgentThread() {}

    public record Request(String goalId, String hostSurface, String threadId) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(hostSurface, "hostSurface");
            Objects.requireNonNull(threadId, "threadId");
        }
    }

    public static Either<Rejection, ThreadBinding> run(Invocation invocation, Request r) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            return resolve(runtime.views(), r);
        }
    }

    /** The same over views the caller holds (a use case that resolves before it decides). */
    public static Either<Rejection, ThreadBinding> resolve(Views views, Request r) {
        Optional<GoalState> goal = GoalState.load(views, r.goalId());
        if (goal.isEmpty()) {
            return Either.left(new Rejection.GoalNotFound(r.goalId()));
        }
        return ThreadBindingFold.binding(views, r.goalId(), r.hostSurface(), r.threadId())
                .<Either<Rejection, ThreadBinding>>map(Either::right)
                .orElseGet(() -> Either.left(new Rejection.AgentThreadNotBound(
                        r.goalId(),
                        r.hostSurface(),
                        r.threadId(),
                        goal.get().goal().agentIds())));
    }
}
