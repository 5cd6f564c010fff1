package dev.loopx.commands.scheduler;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.scheduler.SchedulerCommands.AckScheduler;
import dev.loopx.commands.scheduler.SchedulerCommands.AcknowledgeStop;
import dev.loopx.commands.scheduler.SchedulerCommands.FailScheduler;
import dev.loopx.commands.scheduler.SchedulerCommands.ObserveTurn;
import dev.loopx.ledger.event.LaneStopAcknowledged;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.SchedulerAcked;
import dev.loopx.ledger.event.SchedulerHostUpdateFailed;
import dev.loopx.ledger.event.TurnObserved;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.lane.LaneView;
import dev.loopx.projections.query.Cadence;
import dev.loopx.projections.query.Frontier;
import dev.loopx.projections.query.RuntimeProfile;
import dev.loopx.projections.query.SchedulerHint;
import dev.loopx.projections.query.ShouldRun;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.scheduler.SchedulerFold;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Pure decisions about scheduler state. An ack must match the live hint's reset token and
 * identity signature (else {@code scheduler_hint_mismatch}, nothing appended); an identical
 * repeat changes nothing. Acks and failures never spend.
 */
public final class SchedulerDecider {
    private SchedulerDecider() {}

    /** The live hint for an agent: its cadence and backoff, as should-run with a Codex App profile gives them. */
    public record LiveHint(Cadence cadence, SchedulerHint.Backoff backoff) {}

    public static SchedulerHint.Backoff liveBackoff(
            GoalState s, Views views, String agentId, String surface, Instant now) {
        return liveHint(s, views, agentId, surface, now).backoff();
    }

    public static LiveHint liveHint(GoalState s, Views views, String agentId, String surface, Instant now) {
        ShouldRun.Request request = new ShouldRun.Request(
                s.goal().goalId(), agentId, Optional.of(RuntimeProfile.CODEX_APP_HEARTBEAT), List.of(), "", "", now);
        Frontier f = Frontier.of(s, agentId, now);
        QuotaStatus q = QuotaStatus.at(s.goal().quota(), s.quota(), now);
        ShouldRun.Verdict v = ShouldRun.decide(s, request, f, q);
        return new LiveHint(
                v.cadence(),
                SchedulerHint.backoff(
                        v.cadence(),
                        ShouldRun.identity(s, request, v),
                        SchedulerFold.scheduler(views, s.goal().goalId(), agentId, surface),
                        "",
                        now));
    }

    /** Decides any scheduler command (exhaustive). */
    public static Either<Rejection, List<LoopxEvent>> decide(
            SchedulerCommands.SchedulerCommand command, Optional<GoalState> state, Views views) {
        return switch (command) {
            case AckScheduler c -> decide(c, state, views);
            case FailScheduler c -> decide(c, state);
            case ObserveTurn c -> decide(c, state, views);
            case AcknowledgeStop c -> decide(c, state);
        };
    }

    public static Either<Rejection, List<LoopxEvent>> decide(AckScheduler c, Optional<GoalState> state, Views views) {
        Optional<Rejection> lane = checkLane(c.goalId(), c.agentId(), state);
        if (lane.isPresent()) {
            return Decision.reject(lane.get());
        }
        LiveHint hint = liveHint(state.get(), views, c.agentId(), c.surface(), c.now());
        SchedulerHint.Backoff live = hint.backoff();
        if (!live.resetToken().equals(c.resetToken())
                || !live.identitySignature().equals(c.identitySignature())) {
            return Decision.reject(new Rejection.SchedulerHintMismatch(live.resetToken(), live.identitySignature()));
        }
        int minutes = Rrule.minutes(c.appliedRrule());
        // The index of what the host actually applied: re-running an older ack_hint must not advance the backoff.
        int applied = hint.cadence().appProgression().indexOf(minutes);
        int index = applied >= 0 ? applied : live.progressionIndex();
        var last = SchedulerFold.scheduler(views, c.goalId(), c.agentId(), c.surface())
                .lastAck();
        if (last != null
                && last.resetToken().equals(c.resetToken())
                && last.identitySignature().equals(c.identitySignature())
                && last.progressionIndex() == index
                && last.lastAppliedRrule().equals(c.appliedRrule())) {
            return Decision.unchanged();
        }
        return Decision.accept(new SchedulerAcked(
                c.agentId(), c.surface(), c.resetToken(), c.identitySignature(), index, minutes, c.appliedRrule()));
    }

    public static Either<Rejection, List<LoopxEvent>> decide(FailScheduler c, Optional<GoalState> state) {
        Optional<Rejection> lane = checkLane(c.goalId(), c.agentId(), state);
        if (lane.isPresent()) {
            return Decision.reject(lane.get());
        }
        return Decision.accept(
                new SchedulerHostUpdateFailed(c.agentId(), c.surface(), c.failedRrule(), c.observedRrule()));
    }

    /** One receipt per turn id: a repeat appends nothing. */
    public static Either<Rejection, List<LoopxEvent>> decide(ObserveTurn c, Optional<GoalState> state, Views views) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        if (SchedulerFold.turn(views, c.goalId(), c.turnInstanceId()).isPresent()) {
            return Decision.unchanged();
        }
        return Decision.accept(new TurnObserved(c.agentId(), c.turnInstanceId(), c.effectiveAction()));
    }

    /**
     * Once per lane and stop: a goal that is not stopped, a lane not registered on it, or a lane that
     * acknowledged this stop already (by a turn receipt or an earlier should-run) appends nothing.
     */
    public static Either<Rejection, List<LoopxEvent>> decide(AcknowledgeStop c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        GoalState s = state.get();
        long stop = s.laneGoal().stopSeq();
        if (stop == 0 || s.goal().agent(c.agentId()).isEmpty()) {
            return Decision.unchanged();
        }
        LaneView lane = s.lanes().stream()
                .filter(l -> l.agentId().equals(c.agentId()))
                .findFirst()
                .orElse(LaneView.empty(c.goalId(), c.agentId()));
        if (lane.stopSeq() == stop && !lane.stopAcknowledgedAt().isEmpty()) {
            return Decision.unchanged();
        }
        return Decision.accept(new LaneStopAcknowledged(c.agentId(), stop));
    }

    private static Optional<Rejection> checkLane(String goalId, String agentId, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Optional.of(new Rejection.GoalNotFound(goalId));
        }
        if (state.get().hasAgents() && state.get().goal().agent(agentId).isEmpty()) {
            return Optional.of(new Rejection.AgentNotRegistered(
                    goalId, agentId, state.get().goal().agentIds()));
        }
        return Optional.empty();
    }
}
