package dev.loopx.projections.lane;

import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.GoalLivenessConfigured;
import dev.loopx.ledger.event.LaneStopAcknowledged;
import dev.loopx.ledger.event.SchedulerAcked;
import dev.loopx.ledger.event.TurnObserved;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Folds what each lane does into view {@code lane} (key {@code <goal>/<agent>}) and each goal's
 * stop and liveness settings into view {@code lane_goal} (key {@code <goal>}), issue 36. Every
 * recorded act of an agent counts as its activity: a turn receipt ({@code turn.observed}), a
 * scheduler ack, a writeback ({@code evidence.recorded}), a spend, a claim, a lease, a completion or
 * an update it made, a stop acknowledgement. After its goal is stopped, the lane's first turn
 * receipt or {@code lane.stop_acknowledged} is its acknowledgement; anything it writes after the stop
 * (and any turn after the acknowledgement) is counted as fired after the stop. Pure: event times
 * only.
 */
public final class LaneFold {
    public static final String VIEW = "lane";
    public static final String GOAL_VIEW = "lane_goal";
    static final int RECENT_TURNS = 4;

    /** Activity kinds, as shown. */
    public static final String TURN = "turn";

    public static final String WRITEBACK = "writeback";
    public static final String SPEND = "spend";

    private static final Pattern INTERVAL = Pattern.compile("FREQ=(MINUTELY|HOURLY)(?:;INTERVAL=(\\d{1,6}))?");

    private LaneFold() {}

    public static LaneView lane(Views views, String goalId, String agentId) {
        return Documents.get(views, VIEW, goalId + "/" + agentId, LaneView.class)
                .orElse(LaneView.empty(goalId, agentId));
    }

    /** Every lane of a goal that registered or did anything, in agent-id order. */
    public static List<LaneView> lanes(Views views, String goalId) {
        return Documents.list(views, VIEW, goalId + "/", LaneView.class);
    }

    public static LaneGoal goal(Views views, String goalId) {
        return Documents.get(views, GOAL_VIEW, goalId, LaneGoal.class).orElse(LaneGoal.defaults(goalId));
    }

    /** An RRULE's interval in minutes ({@code FREQ=MINUTELY;INTERVAL=30}, {@code FREQ=HOURLY}); empty when it names none. */
    public static Optional<Integer> intervalMinutes(String rrule) {
        Matcher m = INTERVAL.matcher(rrule);
        if (!m.find()) {
            return Optional.empty();
        }
        int n = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
        return Optional.of(m.group(1).equals("HOURLY") ? n * 60 : n);
    }

    public static void agentRegistered(Views views, Recorded r, String agentId) {
        LaneView v = synced(views, r.goalId(), agentId);
        if (v.registeredAt().isEmpty()) {
            put(views, with(v, r.recordedAt()));
        }
    }

    private static LaneView with(LaneView v, String registeredAt) {
        return new LaneView(
                v.goalId(),
                v.agentId(),
                registeredAt,
                v.lastActivityAt(),
                v.lastActivityKind(),
                v.lastActivitySeq(),
                v.lastTurnAt(),
                v.lastWritebackAt(),
                v.lastSpendAt(),
                v.appliedRrule(),
                v.surface(),
                v.recentTurns(),
                v.stormTurns(),
                v.lastStormAt(),
                v.stopSeq(),
                v.stopAcknowledgedAt(),
                v.afterStop(),
                v.afterStopKind(),
                v.afterStopAt(),
                v.afterStopSeq());
    }

    /**
     * A write the lane made ({@code kind}: writeback, spend, claim, lease, completion, update). After
     * the goal's stop it is counted as fired after the stop.
     */
    public static void wrote(Views views, Recorded r, String agentId, String kind) {
        if (agentId.isEmpty()) {
            return;
        }
        LaneView v = synced(views, r.goalId(), agentId);
        boolean afterStop = v.stopSeq() > 0;
        put(
                views,
                new LaneView(
                        v.goalId(),
                        v.agentId(),
                        v.registeredAt(),
                        r.recordedAt(),
                        kind,
                        r.seq(),
                        v.lastTurnAt(),
                        kind.equals(WRITEBACK) ? r.recordedAt() : v.lastWritebackAt(),
                        kind.equals(SPEND) ? r.recordedAt() : v.lastSpendAt(),
                        v.appliedRrule(),
                        v.surface(),
                        v.recentTurns(),
                        v.stormTurns(),
                        v.lastStormAt(),
                        v.stopSeq(),
                        v.stopAcknowledgedAt(),
                        afterStop ? v.afterStop() + 1 : v.afterStop(),
                        afterStop ? kind : v.afterStopKind(),
                        afterStop ? r.recordedAt() : v.afterStopAt(),
                        afterStop ? r.seq() : v.afterStopSeq()));
    }

    /** A write by the envelope's actor when it is an agent (completions and updates name no agent of their own). */
    public static void wroteAsActor(Views views, Recorded r, String kind) {
        if (r.actor().kind() == ActorKind.AGENT) {
            wrote(views, r, r.actor().id(), kind);
        }
    }

    public static void acked(Views views, Recorded r, SchedulerAcked e) {
        LaneView v = synced(views, r.goalId(), e.agentId());
        put(
                views,
                new LaneView(
                        v.goalId(),
                        v.agentId(),
                        v.registeredAt(),
                        r.recordedAt(),
                        "ack",
                        r.seq(),
                        v.lastTurnAt(),
                        v.lastWritebackAt(),
                        v.lastSpendAt(),
                        e.lastAppliedRrule(),
                        e.surface(),
                        v.recentTurns(),
                        v.stormTurns(),
                        v.lastStormAt(),
                        v.stopSeq(),
                        v.stopAcknowledgedAt(),
                        v.afterStop(),
                        v.afterStopKind(),
                        v.afterStopAt(),
                        v.afterStopSeq()));
    }

    /**
     * A turn receipt. Sooner than half the applied interval after the one before, it is a storm
     * turn; after the goal's stop, the first one acknowledges the stop and any later one fired after
     * it.
     */
    public static void turnObserved(Views views, Recorded r, TurnObserved e) {
        LaneView v = synced(views, r.goalId(), e.agentId());
        List<String> recent = new ArrayList<>(v.recentTurns());
        boolean storm = false;
        Optional<Integer> interval = intervalMinutes(v.appliedRrule());
        if (!recent.isEmpty() && interval.isPresent()) {
            Duration gap = Duration.between(Instant.parse(recent.getLast()), Instant.parse(r.recordedAt()));
            storm = gap.toSeconds() * 2 < interval.get() * 60L;
        }
        recent.add(r.recordedAt());
        while (recent.size() > RECENT_TURNS) {
            recent.removeFirst();
        }
        boolean stopped = v.stopSeq() > 0;
        boolean acknowledges = stopped && v.stopAcknowledgedAt().isEmpty();
        boolean afterStop = stopped && !acknowledges;
        put(
                views,
                new LaneView(
                        v.goalId(),
                        v.agentId(),
                        v.registeredAt(),
                        r.recordedAt(),
                        TURN,
                        r.seq(),
                        r.recordedAt(),
                        v.lastWritebackAt(),
                        v.lastSpendAt(),
                        v.appliedRrule(),
                        v.surface(),
                        recent,
                        storm ? v.stormTurns() + 1 : v.stormTurns(),
                        storm ? r.recordedAt() : v.lastStormAt(),
                        v.stopSeq(),
                        acknowledges ? r.recordedAt() : v.stopAcknowledgedAt(),
                        afterStop ? v.afterStop() + 1 : v.afterStop(),
                        afterStop ? TURN : v.afterStopKind(),
                        afterStop ? r.recordedAt() : v.afterStopAt(),
                        afterStop ? r.seq() : v.afterStopSeq()));
    }

    public static void stopAcknowledged(Views views, Recorded r, LaneStopAcknowledged e) {
        LaneView v = synced(views, r.goalId(), e.agentId());
        boolean acknowledges =
                v.stopSeq() == e.stopSeq() && v.stopAcknowledgedAt().isEmpty();
        put(
                views,
                new LaneView(
                        v.goalId(),
                        v.agentId(),
                        v.registeredAt(),
                        r.recordedAt(),
                        "stop_ack",
                        r.seq(),
                        v.lastTurnAt(),
                        v.lastWritebackAt(),
                        v.lastSpendAt(),
                        v.appliedRrule(),
                        v.surface(),
                        v.recentTurns(),
                        v.stormTurns(),
                        v.lastStormAt(),
                        v.stopSeq(),
                        acknowledges ? r.recordedAt() : v.stopAcknowledgedAt(),
                        v.afterStop(),
                        v.afterStopKind(),
                        v.afterStopAt(),
                        v.afterStopSeq()));
    }

    /**
     * A goal's settings row from its registration on: every lane event reads it, and a row that is
     * there is read from the store's cache, where a missing one costs a store lookup per event (a
     * rebuild of 100k events took 3× as long).
     */
    public static void goalRegistered(Views views, Recorded r) {
        if (Documents.get(views, GOAL_VIEW, r.goalId(), LaneGoal.class).isEmpty()) {
            put(views, LaneGoal.defaults(r.goalId()));
        }
    }

    public static void goalStopped(Views views, Recorded r) {
        LaneGoal g = goal(views, r.goalId());
        put(views, new LaneGoal(g.goalId(), r.seq(), r.recordedAt(), g.silentAfterIntervals(), g.staleClaimHours()));
    }

    public static void goalResumed(Views views, Recorded r) {
        LaneGoal g = goal(views, r.goalId());
        put(views, new LaneGoal(g.goalId(), 0, "", g.silentAfterIntervals(), g.staleClaimHours()));
    }

    public static void livenessConfigured(Views views, Recorded r, GoalLivenessConfigured e) {
        LaneGoal g = goal(views, r.goalId());
        put(views, new LaneGoal(g.goalId(), g.stopSeq(), g.stoppedAt(), e.silentAfterIntervals(), e.staleClaimHours()));
    }

    /** The lane, its stop fields answering the goal's current stop (reset at a new stop, cleared at a resume). */
    private static LaneView synced(Views views, String goalId, String agentId) {
        LaneView v = lane(views, goalId, agentId);
        long stop = goal(views, goalId).stopSeq();
        if (v.stopSeq() == stop) {
            return v;
        }
        return new LaneView(
                v.goalId(),
                v.agentId(),
                v.registeredAt(),
                v.lastActivityAt(),
                v.lastActivityKind(),
                v.lastActivitySeq(),
                v.lastTurnAt(),
                v.lastWritebackAt(),
                v.lastSpendAt(),
                v.appliedRrule(),
                v.surface(),
                v.recentTurns(),
                v.stormTurns(),
                v.lastStormAt(),
                stop,
                "",
                0,
                "",
                "",
                0);
    }

    private static void put(Views views, LaneView v) {
        Documents.put(views, VIEW, v.goalId() + "/" + v.agentId(), v);
    }

    private static void put(Views views, LaneGoal g) {
        Documents.put(views, GOAL_VIEW, g.goalId(), g);
    }
}
