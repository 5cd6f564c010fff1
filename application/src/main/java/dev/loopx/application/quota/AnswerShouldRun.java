package dev.loopx.application.quota;

import dev.loopx.application.Invocation;
import dev.loopx.application.automation.AppLanes;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.composition.ScheduledLedgerCheck;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.commands.scheduler.SchedulerCommands;
import dev.loopx.commands.scheduler.SchedulerCommands.ObserveTurn;
import dev.loopx.commands.scheduler.SchedulerDecider;
import dev.loopx.host.codexapp.binding.AppPromptBinding;
import dev.loopx.host.codexapp.binding.CodexStoreBinding;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.heartbeat.WrapperVersion;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.heartbeat.HeartbeatFold;
import dev.loopx.projections.migration.PendingUpgradeHint;
import dev.loopx.projections.migration.PromptMigrationFold;
import dev.loopx.projections.migration.PromptMigrationFold.PendingUpgrade;
import dev.loopx.projections.query.EffectiveAction;
import dev.loopx.projections.query.LedgerDamageNotice;
import dev.loopx.projections.query.RuntimeProfile;
import dev.loopx.projections.query.SchedulerHint;
import dev.loopx.projections.query.ShouldRun;
import dev.loopx.projections.query.ShouldRunAnswer;
import dev.loopx.projections.scheduler.SchedulerFold;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case "may this lane run now?" (SPEC §S7, the heartbeat question): the decision of
 * {@link ShouldRun} over the goal's state and the lane's scheduler memory; for a Codex App lane
 * the prompt binding (the Codex store is opened only when exactly one pending upgrade names the
 * lane) and the upgrade read it confirms; with a turn instance id, one idempotent
 * {@code turn.observed} receipt. Never spends quota; writes only that receipt.
 */
public final class AnswerShouldRun {
    private AnswerShouldRun() {}

    /**
     * @param agentId, runtimeProfile, includeDetail, currentRrule, turnInstanceId empty when not given
     *     (no runtime profile fails closed)
     * @param codexHome the {@code --codex-home} value, {@code null} when not given
     * @param asTheLane whether the lane itself asks (the CLI, MCP): only then is its first question
     *     after a stop recorded ({@code lane.stop_acknowledged}); the dashboard looks on and records
     *     nothing
     */
    public record Request(
            String goalId,
            String agentId,
            Optional<RuntimeProfile> runtimeProfile,
            List<String> capabilities,
            String includeDetail,
            String currentRrule,
            String turnInstanceId,
            String codexHome,
            boolean asTheLane) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(runtimeProfile, "runtimeProfile");
            capabilities = List.copyOf(capabilities);
            Objects.requireNonNull(includeDetail, "includeDetail");
            Objects.requireNonNull(currentRrule, "currentRrule");
            Objects.requireNonNull(turnInstanceId, "turnInstanceId");
        }

        boolean codexApp() {
            return runtimeProfile.equals(Optional.of(RuntimeProfile.CODEX_APP_HEARTBEAT));
        }
    }

    /**
     * The answer: the decision of {@link ShouldRun}; the upgrade read to add before work
     * (confirmed against the host store); the Codex App prompt binding (App lanes only); the turn
     * receipt (when a turn instance id was given).
     */
    public record Answer(
            ShouldRunAnswer decision,
            Optional<PendingUpgrade> upgradeRead,
            Optional<AppPromptBinding> binding,
            Optional<TurnReceipt> turn) {
        public Answer {
            Objects.requireNonNull(decision, "decision");
        }
    }

    /** One host turn as recorded: {@code recordedNow} false when the same turn was recorded before. */
    public record TurnReceipt(String turnInstanceId, boolean recordedNow) {}

    public static Either<Rejection, Answer> run(Invocation invocation, Request r) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            Views views = runtime.views();
            Optional<GoalState> goal = GoalState.load(views, r.goalId());
            if (goal.isEmpty()) {
                return Either.left(new Rejection.GoalNotFound(r.goalId()));
            }
            ShouldRun.Request request = new ShouldRun.Request(
                    r.goalId(),
                    r.agentId(),
                    r.runtimeProfile(),
                    r.capabilities(),
                    r.includeDetail(),
                    r.currentRrule(),
                    invocation.now(),
                    runtime.ledgerDamage().map(LedgerDamageNotice::of),
                    // a turn no receipt names yet is a new wake of the lane (one point read; none without a turn id)
                    !r.turnInstanceId().isEmpty()
                            && SchedulerFold.turn(views, r.goalId(), r.turnInstanceId())
                                    .isEmpty());
            ShouldRunAnswer decision = ShouldRun.answer(
                    goal.get(),
                    SchedulerFold.scheduler(views, r.goalId(), r.agentId(), SchedulerHint.APP_SURFACE),
                    request);
            if (!r.agentId().isEmpty()
                    && decision.effectiveAction() == EffectiveAction.AUTOMATION_PROMPT_UPGRADE_REQUIRED) {
                // an agent id the goal does not know is an identity problem, not an upgrade: fail closed
                return Either.left(new Rejection.AgentNotRegistered(
                        r.goalId(),
                        r.agentId(),
                        decision.promptUpgrade().map(u -> u.registeredAgents()).orElse(List.of())));
            }
            Optional<AppPromptBinding> binding = r.codexApp()
                    ? Optional.of(binding(invocation, views, r.goalId(), r.agentId(), r.codexHome()))
                    : Optional.empty();
            Optional<PendingUpgrade> read = binding.flatMap(AppPromptBinding::hinted);
            Optional<TurnReceipt> turn = Optional.empty();
            if (!r.turnInstanceId().isEmpty()) {
                Either<Rejection, TurnReceipt> observed = observeTurn(
                        invocation, runtime, r, decision.effectiveAction().wire());
                if (observed.isLeft()) {
                    return Either.left(observed.getLeft());
                }
                turn = Optional.of(observed.get());
            }
            if (r.asTheLane()
                    && !r.agentId().isEmpty()
                    && runtime.ledgerDamage().isEmpty()
                    && goal.get().laneGoal().stopped()
                    && stopUnacknowledged(goal.get(), r.agentId())) {
                // the lane's first should-run after its goal's stop: recorded once (issue 36)
                var told = runtime.write(
                        new LoopxRuntime.WriteContext(
                                invocation.now(), r.goalId(), new Actor(ActorKind.AGENT, r.agentId()), "", Intent.NONE),
                        v -> SchedulerDecider.decide(
                                new SchedulerCommands.AcknowledgeStop(r.goalId(), r.agentId()),
                                GoalState.load(v, r.goalId()),
                                v));
                if (told.isLeft()) {
                    return Either.left(told.getLeft());
                }
            }
            ScheduledLedgerCheck.startWhenDue(invocation, runtime);
            return Either.right(new Answer(decision, read, binding, turn));
        }
    }

    /** Whether the lane has not acknowledged its goal's current stop yet (no write when it has). */
    private static boolean stopUnacknowledged(GoalState s, String agentId) {
        return s.lanes().stream()
                .filter(l -> l.agentId().equals(agentId))
                .findFirst()
                .map(l -> l.stopSeq() != s.laneGoal().stopSeq()
                        || l.stopAcknowledgedAt().isEmpty())
                .orElse(true);
    }

    private static AppPromptBinding binding(
            Invocation invocation, Views views, String goalId, String agentId, String codexHomeFlag) {
        var lane = PendingUpgradeHint.forLane(PromptMigrationFold.all(views, goalId), agentId);
        Optional<HeartbeatFold.HeartbeatInstall> install = agentId.isEmpty()
                ? Optional.empty()
                : HeartbeatFold.last(views, goalId, agentId, SchedulerHint.APP_SURFACE);
        CodexHome home = AppLanes.codexHome(invocation, codexHomeFlag);
        return AppPromptBinding.resolve(
                lane,
                install,
                WrapperVersion.current().number(),
                home,
                record -> CodexStoreBinding.read(
                        record,
                        install,
                        home,
                        () -> AppLanes.registered(views),
                        AppLanes.runtimeRoot(invocation),
                        "loopx"));
    }

    private static Either<Rejection, TurnReceipt> observeTurn(
            Invocation invocation, LoopxRuntime runtime, Request r, String effectiveAction) {
        ObserveTurn command = new ObserveTurn(r.goalId(), r.agentId(), r.turnInstanceId(), effectiveAction);
        Actor actor =
                r.agentId().isEmpty() ? new Actor(ActorKind.HOST, "cli") : new Actor(ActorKind.AGENT, r.agentId());
        return runtime.write(
                        new LoopxRuntime.WriteContext(invocation.now(), r.goalId(), actor, "", Intent.NONE),
                        views -> SchedulerDecider.decide(command, GoalState.load(views, r.goalId()), views))
                .map(receipt -> new TurnReceipt(r.turnInstanceId(), receipt.changed()));
    }
}
