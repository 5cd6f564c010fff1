package dev.loopx.application.heartbeat;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.automation.AppLanes;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.heartbeat.HeartbeatDecider;
import dev.loopx.commands.heartbeat.RecordHeartbeatInstall;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.heartbeat.HeartbeatPrompt;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.ThinBody;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.host.heartbeat.WrapperVersion;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.heartbeat.HeartbeatFold;
import io.vavr.control.Either;
import java.util.List;
import java.util.Optional;

/**
 * Use case "the heartbeat prompt of a lane" (SPEC §S11), one exhaustive switch over the
 * {@link HeartbeatPromptRequest} modes: the thin task body, the managed wrapper, or the wrapper
 * plus a recorded install. Identity fails closed (a refusal answer, no body, no wrapper); an
 * unknown goal is a {@link Rejection.GoalNotFound}. Only {@code RecordInstall} with
 * {@code execute} appends (one {@code heartbeat.installed}, through {@link GoalWrites}); nothing
 * here ever spends.
 */
public final class AnswerHeartbeatPrompt {
    /** Why {@code --agent-scope} values cannot be shown in a body: a public-safe reason, never the value. */
    public record InvalidScope(String errorCode, String message) {}

    private AnswerHeartbeatPrompt() {}

    public static Either<Rejection, HeartbeatPromptAnswer> run(Invocation invocation, HeartbeatPromptRequest request) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            Optional<GoalState> goal = GoalState.load(runtime.views(), request.goalId());
            if (goal.isEmpty()) {
                return Either.left(new Rejection.GoalNotFound(request.goalId()));
            }
            return switch (request) {
                case HeartbeatPromptRequest.Thin t ->
                    Either.right(HeartbeatPrompt.thin(
                                    goal.get(),
                                    new ThinBody.Request(
                                            t.goalId(),
                                            t.agentId(),
                                            t.scope(),
                                            t.capabilities(),
                                            t.cliBin(),
                                            t.runtimeProfile(),
                                            t.turnInstanceId()))
                            .fold(HeartbeatPromptAnswer.Refused::new, HeartbeatPromptAnswer.Thin::new));
                case HeartbeatPromptRequest.Bootstrap b -> Either.right(wrapper(invocation, goal.get(), b));
                case HeartbeatPromptRequest.RecordInstall r -> recordInstall(invocation, runtime, goal.get(), r);
            };
        }
    }

    /**
     * The lane scope as a thin body shows it: each value with runs of white space collapsed, joined
     * by {@code "; "} (empty for none); refused when it holds {@code <} or {@code >}, is longer than
     * the body allows, or is not public-safe text.
     */
    public static Either<InvalidScope, String> scope(List<String> scopes) {
        String scope = ThinBody.normalizeScope(scopes);
        return ThinBody.scopeProblem(scope)
                .<Either<InvalidScope, String>>map(p -> Either.left(new InvalidScope(p.errorCode(), p.message())))
                .orElseGet(() -> Either.right(scope));
    }

    /**
     * Refuses a capability list a body or wrapper cannot carry ({@code invalid_value}): more than
     * {@value ThinBody#MAX_CAPABILITIES} distinct values, or one longer than
     * {@value ThinBody#MAX_CAPABILITY_CHARS} characters. Each value's id syntax is the caller's check.
     */
    public static List<String> requireCapabilities(List<String> capabilities) {
        ThinBody.capabilitiesProblem(capabilities).ifPresent(p -> {
            throw new InvalidRequest("invalid_value", p);
        });
        return capabilities;
    }

    /**
     * The current-version wrapper binding of the invocation's runtime root (an absolute local path)
     * for a lane; shared with the Codex App install plan, which must print the same wrapper.
     */
    public static WrapperBinding binding(
            Invocation invocation, String goalId, String agentId, String cliBin, List<String> capabilities) {
        return new WrapperBinding(
                WrapperVersion.current().number(),
                AppLanes.runtimeRoot(invocation),
                goalId,
                agentId,
                cliBin,
                capabilities);
    }

    private static HeartbeatPromptAnswer wrapper(
            Invocation invocation, GoalState goal, HeartbeatPromptRequest.Bootstrap b) {
        return HeartbeatPrompt.identityRefusal(goal, b.agentId(), true)
                .<HeartbeatPromptAnswer>map(HeartbeatPromptAnswer.Refused::new)
                .orElseGet(() -> {
                    WrapperBinding binding = binding(invocation, b.goalId(), b.agentId(), b.cliBin(), b.capabilities());
                    return new HeartbeatPromptAnswer.Wrapper(binding, ManagedWrapper.render(binding), Optional.empty());
                });
    }

    private static Either<Rejection, HeartbeatPromptAnswer> recordInstall(
            Invocation invocation, LoopxRuntime runtime, GoalState goal, HeartbeatPromptRequest.RecordInstall r) {
        HeartbeatPromptAnswer answer = wrapper(invocation, goal, r.wrapper());
        if (!(answer instanceof HeartbeatPromptAnswer.Wrapper w)) {
            return Either.right(answer);
        }
        WrapperBinding binding = w.binding();
        String surface = r.hostSurface().wire();
        RecordHeartbeatInstall command =
                new RecordHeartbeatInstall(r.goalId(), binding.agentId(), surface, binding.version(), w.sha256());
        Actor actor = new Actor(ActorKind.HOST, surface);
        Intent intent = Intent.of(
                "heartbeat-prompt --record-install",
                Json.object()
                        .put("agent_id", binding.agentId())
                        .put("host_surface", surface)
                        .put("wrapper_version", binding.version())
                        .put("wrapper_sha256", w.sha256()));
        GoalWrites.Request write = new GoalWrites.Request(
                r.goalId(),
                actor,
                r.operationId(),
                intent,
                !r.execute(),
                (state, views) -> HeartbeatDecider.decide(command, state, views));
        LoopxRuntime.WriteContext context =
                new LoopxRuntime.WriteContext(invocation.now(), r.goalId(), actor, r.operationId(), intent);
        return GoalWrites.run(runtime, context, write)
                .map(outcome -> new HeartbeatPromptAnswer.Wrapper(
                        binding,
                        w.text(),
                        Optional.of(new HeartbeatPromptAnswer.Install(
                                surface,
                                outcome,
                                HeartbeatFold.last(runtime.views(), r.goalId(), binding.agentId(), surface)))));
    }
}
