package dev.loopx.application.host;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.heartbeat.AnswerHeartbeatPrompt;
import dev.loopx.application.heartbeat.HeartbeatPromptAnswer;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.commands.scheduler.Rrule;
import dev.loopx.commands.scheduler.SchedulerDecider;
import dev.loopx.host.heartbeat.HeartbeatPrompt;
import dev.loopx.host.heartbeat.IdentityRefusal;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.Cadence;
import dev.loopx.projections.query.SchedulerHint;
import io.vavr.control.Either;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case "how does the Codex App install a managed heartbeat" ({@code host codex-app
 * install-plan}, SPEC §S13): the current wrapper for a registered lane (the same one
 * {@code heartbeat-prompt --bootstrap} prints) and the goal's initial RRULE from its live scheduler
 * hint, unless the caller chose one. Identity fails closed like the bootstrap answer; an unknown
 * goal is a {@link Rejection.GoalNotFound}. Writes nothing.
 */
public final class PlanCodexAppInstall {
    /** The RRULE when the goal has no active cadence. */
    private static final String DEFAULT_RRULE = Cadence.rrule(60);

    private PlanCodexAppInstall() {}

    /** @param rrule an explicit initial RRULE ({@code FREQ=MINUTELY;INTERVAL=<n>}), else the scheduler's */
    public record Request(
            String goalId, String agentId, String cliBin, List<String> capabilities, Optional<String> rrule) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(cliBin, "cliBin");
            capabilities = List.copyOf(capabilities);
            Objects.requireNonNull(rrule, "rrule");
        }
    }

    /** The answer: an identity refusal, or the plan. */
    public sealed interface Answer {
        /** The lane may not load a managed wrapper: what to run instead. */
        record Refused(IdentityRefusal refusal) implements Answer {
            public Refused {
                Objects.requireNonNull(refusal, "refusal");
            }
        }

        /**
         * The wrapper the App stores as the prompt, the surface it runs on, the initial RRULE and where
         * it came from ({@code flag}, {@code scheduler_hint} or {@code default_no_active_cadence}).
         */
        record Planned(
                HeartbeatPromptAnswer.Wrapper wrapper, String hostSurface, String initialRrule, String rruleSource)
                implements Answer {
            public Planned {
                Objects.requireNonNull(wrapper, "wrapper");
                Objects.requireNonNull(hostSurface, "hostSurface");
                Objects.requireNonNull(initialRrule, "initialRrule");
                Objects.requireNonNull(rruleSource, "rruleSource");
            }
        }
    }

    /** Refuses an RRULE that is not minutely ({@code invalid_value}) before opening the runtime root. */
    public static Either<Rejection, Answer> run(Invocation invocation, Request request) {
        if (request.rrule().isPresent() && !Rrule.isMinutely(request.rrule().get())) {
            throw new InvalidRequest("invalid_value", "--rrule must look like FREQ=MINUTELY;INTERVAL=<n>");
        }
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            var views = runtime.views();
            Optional<GoalState> state = GoalState.load(views, request.goalId());
            if (state.isEmpty()) {
                return Either.left(new Rejection.GoalNotFound(request.goalId()));
            }
            Optional<IdentityRefusal> refusal = HeartbeatPrompt.identityRefusal(state.get(), request.agentId(), true);
            if (refusal.isPresent()) {
                return Either.right(new Answer.Refused(refusal.get()));
            }
            WrapperBinding binding = AnswerHeartbeatPrompt.binding(
                    invocation, request.goalId(), request.agentId(), request.cliBin(), request.capabilities());
            String wrapper = ManagedWrapper.render(binding);
            List<Integer> progression = SchedulerDecider.liveHint(
                            state.get(), views, request.agentId(), SchedulerHint.APP_SURFACE, invocation.now())
                    .cadence()
                    .appProgression();
            String source = request.rrule().isPresent()
                    ? "flag"
                    : progression.isEmpty() ? "default_no_active_cadence" : "scheduler_hint";
            String initial = request.rrule()
                    .orElseGet(() -> progression.isEmpty() ? DEFAULT_RRULE : Cadence.rrule(progression.get(0)));
            return Either.right(new Answer.Planned(
                    new HeartbeatPromptAnswer.Wrapper(binding, wrapper, Optional.empty()),
                    SchedulerHint.APP_SURFACE,
                    initial,
                    source));
        }
    }
}
