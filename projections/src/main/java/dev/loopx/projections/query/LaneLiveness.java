package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.goal.GoalView;
import dev.loopx.projections.lane.LaneFold;
import dev.loopx.projections.lane.LaneGoal;
import dev.loopx.projections.lane.LaneView;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import dev.loopx.projections.todo.TodoView;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether each lane of a goal is alive, at {@code now} (issue 36), from what the lanes recorded
 * ({@link LaneView}): the interval it is expected to keep — the RRULE its host applied, else {@value
 * #TURN_MINUTES} minutes (a turn records nothing until its writeback) — when it was last heard of,
 * when it is next due, and whether it is silent: no recorded activity for more than the goal's
 * {@code silent_after_intervals} (default 3) expected intervals while work waits for it (a lane with
 * nothing to do records nothing, and that is not silence). Pure.
 *
 * @param expectedMinutes the interval it is expected to keep
 * @param fromRrule whether that interval is its host's applied RRULE
 * @param workWaiting whether it has runnable work now (its own claim, or an unclaimed todo it may take)
 * @param silentFor how long since it was last heard of (zero when never)
 */
public record LaneLiveness(
        String agentId,
        String surface,
        Optional<Instant> lastHeard,
        String lastKind,
        Optional<Instant> lastTurn,
        Optional<Instant> lastWriteback,
        Optional<Instant> lastSpend,
        int expectedMinutes,
        boolean fromRrule,
        boolean workWaiting,
        Duration silentFor,
        boolean silent,
        int stormTurns,
        Stop stop) {
    /** The minutes a lane without an applied RRULE is expected to take per turn. */
    public static final int TURN_MINUTES = 30;

    /** While the goal is stopped: whether this lane acknowledged it, and what it did after. */
    public record Stop(
            boolean stopped,
            Optional<Instant> acknowledgedAt,
            int afterStop,
            String afterStopKind,
            Optional<Instant> afterStopAt) {
        static final Stop NONE = new Stop(false, Optional.empty(), 0, "", Optional.empty());
    }

    /** Every lane of the goal: its registered agents, then any other agent that acted, in that order. */
    public static List<LaneLiveness> of(GoalState s, Instant now) {
        Map<String, LaneView> byAgent = new LinkedHashMap<>();
        for (GoalView.Agent a : s.goal().agents()) {
            byAgent.put(a.agentId(), LaneView.empty(s.goal().goalId(), a.agentId()));
        }
        for (LaneView v : s.lanes()) {
            byAgent.put(v.agentId(), v);
        }
        List<LaneLiveness> out = new ArrayList<>();
        for (LaneView v : byAgent.values()) {
            out.add(of(s, v, now));
        }
        return out;
    }

    static LaneLiveness of(GoalState s, LaneView v, Instant now) {
        LaneGoal g = s.laneGoal();
        Optional<Integer> rrule = LaneFold.intervalMinutes(v.appliedRrule());
        int expected = rrule.orElse(TURN_MINUTES);
        Optional<Instant> heard = time(v.lastHeardAt());
        Duration silentFor = heard.map(h -> Duration.between(h, now))
                .filter(d -> !d.isNegative())
                .orElse(Duration.ZERO);
        boolean active = !s.goal().stopped() && !g.stopped();
        boolean work = active && hasWork(s, v.agentId(), now);
        boolean silent = work
                && heard.isPresent()
                && silentFor.compareTo(Duration.ofMinutes((long) expected * g.silentAfterIntervals())) > 0;
        Stop stop = !g.stopped()
                ? Stop.NONE
                : v.stopSeq() == g.stopSeq()
                        ? new Stop(
                                true,
                                time(v.stopAcknowledgedAt()),
                                v.afterStop(),
                                v.afterStopKind(),
                                time(v.afterStopAt()))
                        : new Stop(true, Optional.empty(), 0, "", Optional.empty());
        return new LaneLiveness(
                v.agentId(),
                v.surface(),
                heard,
                v.lastActivityAt().isEmpty() ? (v.registeredAt().isEmpty() ? "" : "registered") : v.lastActivityKind(),
                time(v.lastTurnAt()),
                time(v.lastWritebackAt()),
                time(v.lastSpendAt()),
                expected,
                rrule.isPresent(),
                work,
                silentFor,
                silent,
                v.stormTurns(),
                stop);
    }

    private static boolean hasWork(GoalState s, String agentId, Instant now) {
        Frontier f = Frontier.of(s, agentId, now);
        return f.claimedByMe() + f.unclaimed() > 0;
    }

    /** When it is next due: its last activity plus its expected interval. */
    public Optional<Instant> nextDue() {
        return lastHeard.map(h -> h.plus(Duration.ofMinutes(expectedMinutes)));
    }

    /**
     * The lane's risks at {@code now}, each with the command that resolves it: {@code lane_silent},
     * {@code wake_storm}, {@code fired_after_stop} (issue 36).
     */
    public List<GoalRisks.Risk> risks(String goalId) {
        List<GoalRisks.Risk> risks = new ArrayList<>();
        NextStep rewire =
                NextStep.of(Verb.HEARTBEAT_PROMPT).with(Flag.GOAL_ID, goalId).with(Flag.AGENT_ID, agentId);
        if (silent) {
            risks.add(new GoalRisks.Risk(
                    goalId,
                    "lane_silent",
                    agentId + ": silent for " + Ago.words(silentFor) + " (expected every " + expectedMinutes
                            + " min) while work waits for it; its host may have stopped waking it",
                    List.of(rewire)));
        }
        if (stormTurns > 0) {
            risks.add(new GoalRisks.Risk(
                    goalId,
                    "wake_storm",
                    agentId + ": " + stormTurns + " turn(s) came sooner than half its applied interval ("
                            + expectedMinutes + " min); its host wakes it more often than it was told",
                    List.of(rewire)));
        }
        if (stop.afterStop() > 0) {
            risks.add(new GoalRisks.Risk(
                    goalId,
                    "fired_after_stop",
                    agentId + ": " + stop.afterStop() + " " + stop.afterStopKind() + "(s) after the goal was stopped"
                            + stop.afterStopAt().map(t -> ", the last at " + t).orElse("")
                            + "; its host still runs it",
                    List.of(rewire)));
        }
        return risks;
    }

    /**
     * {@code claim_stale}: an open todo claimed by a lane that has not been heard of for longer than
     * its claim may sit — the goal's {@code silent_after_intervals} of its applied interval when its
     * host applied an RRULE, else the goal's {@code stale_claim_hours} (default 36) — while another
     * lane of the goal could take it. The fix is the owner's {@code todo reclaim}.
     */
    public static List<GoalRisks.Risk> staleClaims(GoalState s, List<LaneLiveness> lanes, Instant now) {
        List<GoalRisks.Risk> risks = new ArrayList<>();
        if (s.goal().agents().size() < 2 || s.goal().stopped()) {
            return risks;
        }
        LaneGoal g = s.laneGoal();
        for (TodoView t : s.openTodos()) {
            if (t.claimedBy().isEmpty() || t.done()) {
                continue;
            }
            Optional<LaneLiveness> holder = lanes.stream()
                    .filter(l -> l.agentId().equals(t.claimedBy()))
                    .findFirst();
            if (holder.isEmpty() || holder.get().lastHeard().isEmpty()) {
                continue;
            }
            LaneLiveness h = holder.get();
            Duration allowed = h.fromRrule()
                    ? Duration.ofMinutes((long) h.expectedMinutes() * g.silentAfterIntervals())
                    : Duration.ofHours(g.staleClaimHours());
            if (h.silentFor().compareTo(allowed) > 0) {
                risks.add(new GoalRisks.Risk(
                        s.goal().goalId(),
                        "claim_stale",
                        t.todoId() + " is claimed by " + t.claimedBy() + ", not heard of for "
                                + Ago.words(h.silentFor()) + " (a claim may sit " + Ago.words(allowed) + "): "
                                + t.text(),
                        List.of(NextStep.of(Verb.TODO_RECLAIM)
                                .with(Flag.GOAL_ID, s.goal().goalId())
                                .with(Flag.TODO_ID, t.todoId())
                                .with(Flag.REASON, t.claimedBy() + " not heard of for " + Ago.words(h.silentFor()))
                                .with(Flag.EXECUTE))));
            }
        }
        return risks;
    }

    /**
     * The lane in words, for {@code status}: "builder: last turn 4 min ago, next due in 2 min" /
     * "reviewer: silent for 3 h (expected every 30 min)" / "a2: nothing recorded yet".
     */
    public String words(Instant now) {
        StringBuilder b = new StringBuilder(agentId).append(": ");
        if (stop.stopped()) {
            b.append(stop.acknowledgedAt()
                    .map(t -> "acknowledged the stop " + Ago.words(Duration.between(t, now)) + " ago")
                    .orElse("not heard from since the stop"));
            if (stop.afterStop() > 0) {
                b.append("; ")
                        .append(stop.afterStop())
                        .append(' ')
                        .append(stop.afterStopKind())
                        .append("(s) after it");
            }
            return b.toString();
        }
        if (lastHeard.isEmpty()) {
            return b.append("nothing recorded yet").toString();
        }
        if (silent) {
            return b.append("silent for ")
                    .append(Ago.words(silentFor))
                    .append(" (expected every ")
                    .append(expectedMinutes)
                    .append(" min)")
                    .toString();
        }
        if (lastKind.equals("registered")) {
            b.append("registered ").append(Ago.words(silentFor)).append(" ago, nothing recorded since");
        } else {
            b.append("last ")
                    .append(lastKind.isEmpty() ? "activity" : lastKind.replace('_', ' '))
                    .append(' ')
                    .append(Ago.words(silentFor))
                    .append(" ago");
        }
        if (workWaiting) {
            Instant due = nextDue().orElseThrow();
            b.append(
                    due.isAfter(now)
                            ? ", next due in " + Ago.words(Duration.between(now, due))
                            : due.equals(now)
                                    ? ", due now"
                                    : ", due " + Ago.words(Duration.between(due, now)) + " ago");
        } else {
            b.append(", nothing waiting for it");
        }
        return b.toString();
    }

    private static Optional<Instant> time(String text) {
        return text.isEmpty() ? Optional.empty() : Optional.of(Instant.parse(text));
    }

    /** A duration in words: "40 s", "4 min", "3 h", "2 d" (rounded down). */
    public static final class Ago {
        private Ago() {}

        public static String words(Duration d) {
            long s = Math.max(0, d.toSeconds());
            if (s < 60) {
                return s + " s";
            }
            if (s < 3600) {
                return s / 60 + " min";
            }
            if (s < 2 * 86400) {
                return s / 3600 + " h";
            }
            return s / 86400 + " d";
        }
    }
}
