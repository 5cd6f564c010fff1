package dev.loopx.application.host;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.agent.ResolveAgentThread;
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
import dev.loopx.projections.goal.ThreadBinding;
import dev.loopx.projections.next.Flag;
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
 * goal is a {@link Rejection.GoalNotFound}. A host that knows only its thread gives the thread
 * id: the lane is the agent the thread is bound to ({@link ResolveAgentThread}; an unbound thread
 * is {@link Rejection.AgentThreadNotBound}), and the plan targets that thread. Writes nothing.
 */
public final class PlanCodexAppInstall {
    /** The RRULE when the goal has no active cadence. */
    private static final String DEFAULT_RRULE = Cadence.rrule(60);

    private PlanCodexAppInstall() {}

    /**
     * @param agentId the lane; empty when it is to be read from the thread's binding
     * @param rrule an explicit initial RRULE ({@code FREQ=MINUTELY;INTERVAL=<n>}), else the scheduler's
     * @param threadId the host thread the heartbeat runs in (empty: not given); with no {@code agentId}
     *     the lane is the agent it is bound to ({@code bind-agent-thread}), and with one it must not be
     *     bound to another agent
     * @param hostSurface the surface of {@code threadId}'s binding ({@code codex-app})
     */
    public record Request(
            String goalId,
            String agentId,
            String cliBin,
            List<String> capabilities,
            Optional<String> rrule,
            String threadId,
            String hostSurface) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(cliBin, "cliBin");
            capabilities = List.copyOf(capabilities);
            Objects.requireNonNull(rrule, "rrule");
            Objects.requireNonNull(threadId, "threadId");
            Objects.requireNonNull(hostSurface, "hostSurface");
            if (agentId.isEmpty() && threadId.isEmpty()) {
                throw new InvalidRequest("invalid_arguments", "give an agent id, or the thread id of a bound thread");
            }
        }

        /** A lane named by its agent id, no thread. */
        public Request(
                String goalId, String agentId, String cliBin, List<String> capabilities, Optional<String> rrule) {
            this(goalId, agentId, cliBin, capabilities, rrule, "", "codex-app");
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
                HeartbeatPromptAnswer.Wrapper wrapper,
                String hostSurface,
                String initialRrule,
                String rruleSource,
                String threadId,
                Optional<ThreadBinding> threadBinding)
                implements Answer {
            public Planned {
                Objects.requireNonNull(wrapper, "wrapper");
                Objects.requireNonNull(hostSurface, "hostSurface");
                Objects.requireNonNull(initialRrule, "initialRrule");
                Objects.requireNonNull(rruleSource, "rruleSource");
                Objects.requireNonNull(threadId, "threadId");
                Objects.requireNonNull(threadBinding, "threadBinding");
            }

            /** A plan for a lane named by its agent id, no thread. */
            public Planned(
                    HeartbeatPromptAnswer.Wrapper wrapper,
                    String hostSurface,
                    String initialRrule,
                    String rruleSource) {
                this(wrapper, hostSurface, initialRrule, rruleSource, "", Optional.empty());
            }
        }
    }

    /** Refuses an RRULE that is not minutely ({@code invalid_value}) before opening the runtime root. */
    public static Either<Rejection, Answer> run(Invocation invocation, Request request) {
        if (request.rrule().isPresent() && !Rrule.isMinutely(request.rrule().get())) {
            throw new InvalidRequest("invalid_value", Flag.RRULE, "must look like FREQ=MINUTELY;INTERVAL=<n>");
        }
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            var views = runtime.views();
            Optional<GoalState> state = GoalState.load(views, request.goalId());
            if (state.isEmpty()) {
                return Either.left(new Rejection.GoalNotFound(request.goalId()));
            }
            Optional<ThreadBinding> thread = Optional.empty();
            String agentId = request.agentId();
            if (!request.threadId().isEmpty()) {
                Either<Rejection, ThreadBinding> bound = ResolveAgentThread.resolve(
                        views,
                        new ResolveAgentThread.Request(request.goalId(), request.hostSurface(), request.threadId()));
                if (agentId.isEmpty()) {
                    if (bound.isLeft()) {
                        return Either.left(bound.getLeft());
                    }
                    agentId = bound.get().agentId();
                } else if (bound.isRight() && !bound.get().agentId().equals(agentId)) {
                    return Either.left(new Rejection.AgentThreadBoundToOther(
                            request.goalId(),
                            request.hostSurface(),
                            request.threadId(),
                            bound.get().agentId(),
                            agentId));
                }
                thread = bound.toJavaOptional();
            }
            Optional<IdentityRefusal> refusal = HeartbeatPrompt.identityRefusal(state.get(), agentId, true);
            if (refusal.isPresent()) {
                return Either.right(new Answer.Refused(refusal.get()));
            }
            WrapperBinding binding = AnswerHeartbeatPrompt.binding(
                    invocation, request.goalId(), agentId, request.cliBin(), request.capabilities());
            String wrapper = ManagedWrapper.render(binding);
            List<Integer> progression = SchedulerDecider.liveHint(
                            state.get(), views, agentId, SchedulerHint.APP_SURFACE, invocation.now())
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
                    source,
                    request.threadId(),
                    thread));
        }
    }
}
