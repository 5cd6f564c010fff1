package dev.loopx.application.agent;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.ThreadCommands.ThreadCommand;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.goal.ThreadBinding;
import dev.loopx.projections.goal.ThreadBindingFold;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.util.Objects;
import java.util.Optional;

/**
 * Use cases {@code bind-agent-thread} and {@code unbind-agent-thread}: one goal write through
 * {@link GoalWrites} (the decider is {@code ThreadBindingDecider}), answered with the thread's
 * binding as it was when the command started and as it is afterwards (for a preview, as it is
 * now: nothing was written).
 */
public final class WriteThreadBinding {
    private WriteThreadBinding() {}

    public record Result(GoalWrites.Outcome outcome, Optional<ThreadBinding> before, Optional<ThreadBinding> after) {
        public Result {
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(before, "before");
            Objects.requireNonNull(after, "after");
        }
    }

    public static Either<Rejection, Result> run(Invocation invocation, WriteOptions options, ThreadCommand command) {
        GoalWrites.Request request = GoalWrites.request(options, new GoalWrite.HostThread(command));
        LoopxRuntime.WriteContext write = new LoopxRuntime.WriteContext(
                invocation.now(), request.goalId(), request.actor(), request.operationId(), request.intent());
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            Optional<ThreadBinding> before = binding(runtime.views(), command);
            return GoalWrites.run(runtime, write, request)
                    .map(outcome -> new Result(outcome, before, binding(runtime.views(), command)));
        }
    }

    private static Optional<ThreadBinding> binding(Views views, ThreadCommand c) {
        return ThreadBindingFold.binding(views, c.goalId(), c.hostSurface(), c.threadId());
    }
}
