package dev.loopx.application.goal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.Invocation;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.goal.ConfigureGoal;
import dev.loopx.commands.goal.GoalDecider;
import dev.loopx.commands.operation.Intent;
import dev.loopx.ledger.event.GoalLivenessConfigured;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.breaker.BreakerPolicy;
import dev.loopx.projections.goal.GoalView;
import io.vavr.control.Either;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Use case "change a goal's quota policy" ({@code configure-goal}, SPEC §S6): the given values
 * over the goal's current policy, as the write path sees it under the lock. Compute 0 pauses. The
 * replan cadence and the same-outcome breaker's limits are recorded only when given and changed.
 */
public final class ConfigureQuota {
    private ConfigureQuota() {}

    /** {@code null} for a value that keeps the goal's current one. */
    public record Request(
            String goalId,
            BigDecimal compute,
            Integer windowHours,
            Integer slotMinutes,
            Integer replanAfterCompletedTodos,
            Integer silentAfterIntervals,
            Integer staleClaimHours,
            Integer sameOutcomeReplanAfter,
            Integer sameOutcomeGateAfter) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
        }

        /** Whether a same-outcome breaker limit was given. */
        boolean breakerGiven() {
            return sameOutcomeReplanAfter != null || sameOutcomeGateAfter != null;
        }

        /** The wanted breaker limits: the given values over {@code current}. */
        BreakerPolicy breakerOver(BreakerPolicy current) {
            return new BreakerPolicy(
                    sameOutcomeReplanAfter != null ? sameOutcomeReplanAfter : current.replanAfter(),
                    sameOutcomeGateAfter != null ? sameOutcomeGateAfter : current.gateAfter());
        }

        public Request(String goalId, BigDecimal compute, Integer windowHours, Integer slotMinutes) {
            this(goalId, compute, windowHours, slotMinutes, null, null, null, null, null);
        }

        public Request(
                String goalId,
                BigDecimal compute,
                Integer windowHours,
                Integer slotMinutes,
                Integer replanAfterCompletedTodos) {
            this(goalId, compute, windowHours, slotMinutes, replanAfterCompletedTodos, null, null, null, null);
        }

        /** The wanted liveness settings (issue 36): the given values over {@code current}. */
        Liveness liveness(Liveness current) {
            return new Liveness(
                    silentAfterIntervals != null ? silentAfterIntervals : current.silentAfterIntervals(),
                    staleClaimHours != null ? staleClaimHours : current.staleClaimHours());
        }

        boolean changesLiveness() {
            return silentAfterIntervals != null || staleClaimHours != null;
        }

        /** The wanted policy: the given values over {@code current}. */
        ConfigureGoal over(GoalView.QuotaPolicy current) {
            return new ConfigureGoal(
                    goalId,
                    compute != null ? compute : current.compute(),
                    windowHours != null ? windowHours : current.windowHours(),
                    slotMinutes != null ? slotMinutes : current.slotMinutes());
        }
    }

    /**
     * The write's outcome with the policy the decision saw and the one it asked for; both
     * {@code null} when a repeated operation id answered from the ledger without deciding.
     */
    public record Result(
            GoalWrites.Outcome outcome,
            GoalView.QuotaPolicy before,
            GoalView.QuotaPolicy after,
            int replanBefore,
            int replanAfter,
            BreakerPolicy breakerBefore,
            BreakerPolicy breakerAfter,
            Liveness livenessBefore,
            Liveness livenessAfter) {}

    /** When a lane counts as silent and a claim as stale (issue 36, {@code goal.liveness_configured}). */
    public record Liveness(int silentAfterIntervals, int staleClaimHours) {}

    public static Either<Rejection, Result> run(Invocation invocation, WriteOptions options, Request request) {
        AtomicReference<GoalView.QuotaPolicy> before = new AtomicReference<>();
        AtomicInteger replanBefore = new AtomicInteger();
        AtomicReference<Liveness> livenessBefore = new AtomicReference<>();
        AtomicReference<BreakerPolicy> breakerBefore = new AtomicReference<>();
        GoalWrites.Decision decision = (goal, views) -> {
            if (goal.isEmpty()) {
                return Either.left(new Rejection.GoalNotFound(request.goalId()));
            }
            before.set(goal.get().goal().quota());
            replanBefore.set(goal.get().plan().replanAfterCompletedTodos());
            livenessBefore.set(new Liveness(
                    goal.get().laneGoal().silentAfterIntervals(),
                    goal.get().laneGoal().staleClaimHours()));
            breakerBefore.set(goal.get().breakerPolicy());
            Either<Rejection, List<LoopxEvent>> quota =
                    GoalDecider.decide(request.over(before.get()), goal.map(GoalState::goal));
            if (quota.isLeft()) {
                return quota;
            }
            List<LoopxEvent> events = new ArrayList<>(quota.get());
            if (request.replanAfterCompletedTodos() != null) {
                events.addAll(GoalDecider.decideReplanPolicy(request.replanAfterCompletedTodos(), replanBefore.get())
                        .get());
            }
            if (request.changesLiveness()) {
                Liveness wanted = request.liveness(livenessBefore.get());
                if (!wanted.equals(livenessBefore.get())) {
                    events.add(new GoalLivenessConfigured(wanted.silentAfterIntervals(), wanted.staleClaimHours()));
                }
            }
            if (request.breakerGiven()) {
                BreakerPolicy wanted = request.breakerOver(breakerBefore.get());
                Either<Rejection, List<LoopxEvent>> breaker = GoalDecider.decideBreaker(
                        wanted.replanAfter(),
                        wanted.gateAfter(),
                        breakerBefore.get().replanAfter(),
                        breakerBefore.get().gateAfter());
                if (breaker.isLeft()) {
                    return breaker;
                }
                events.addAll(breaker.get());
            }
            return Either.right(List.copyOf(events));
        };
        return GoalWrites.run(
                        invocation,
                        new GoalWrites.Request(
                                request.goalId(),
                                options.actor(),
                                options.operationId(),
                                intent(request),
                                options.preview(),
                                decision))
                .map(outcome -> {
                    if (before.get() == null) {
                        return new Result(
                                outcome, null, null, 0, 0, null, null, null,
                                null); // a replayed operation id: nothing was decided
                    }
                    ConfigureGoal wanted = request.over(before.get());
                    return new Result(
                            outcome,
                            before.get(),
                            new GoalView.QuotaPolicy(wanted.compute(), wanted.windowHours(), wanted.slotMinutes()),
                            replanBefore.get(),
                            request.replanAfterCompletedTodos() == null
                                    ? replanBefore.get()
                                    : request.replanAfterCompletedTodos(),
                            breakerBefore.get(),
                            request.breakerOver(breakerBefore.get()),
                            livenessBefore.get(),
                            request.liveness(livenessBefore.get()));
                });
    }

    /** The normalised given values (what the write means for {@code --operation-id}). */
    static Intent intent(Request r) {
        ObjectNode args = Json.object();
        if (r.sameOutcomeReplanAfter() != null) {
            args.put("same_outcome_replan_after", r.sameOutcomeReplanAfter()); // only when given, as above
        }
        if (r.sameOutcomeGateAfter() != null) {
            args.put("same_outcome_gate_after", r.sameOutcomeGateAfter());
        }
        if (r.replanAfterCompletedTodos() != null) {
            args.put(
                    "replan_after_completed_todos",
                    r.replanAfterCompletedTodos()); // only when given: older intents stay the same
        }
        if (r.silentAfterIntervals() != null) {
            args.put("silent_after_intervals", r.silentAfterIntervals());
        }
        if (r.staleClaimHours() != null) {
            args.put("stale_claim_hours", r.staleClaimHours());
        }
        return Intent.of(
                "configure-goal",
                args.put(
                                "quota_compute",
                                r.compute() == null
                                        ? ""
                                        : r.compute().stripTrailingZeros().toPlainString())
                        .put("quota_window_hours", r.windowHours() == null ? 0 : r.windowHours())
                        .put("quota_slot_minutes", r.slotMinutes() == null ? 0 : r.slotMinutes()));
    }
}
