package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.breaker.BreakerPolicy;
import dev.loopx.projections.monitor.MonitorView;
import dev.loopx.projections.plan.PlanView;
import dev.loopx.projections.todo.TodoStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code autonomous_replan_obligation_v0}: the plan must be revisited before the lane goes quiet
 * or keeps delivering. Derived from the ledger (view {@code goal_plan} and the open todos), never
 * written, and cleared by the events that answer it:
 *
 * <ul>
 *   <li>{@link #SUCCESSION_GAP} — the last completed advancement todo closed without
 *       {@code --no-follow-up}, and no advancement todo is left that is not done (open, blocked
 *       or deferred). Answered by a real successor ({@code todo add}) or by settling that
 *       completion ({@code todo complete --todo-id <it> --no-follow-up}).
 *   <li>{@link #LONG_CHAIN} — {@code replan_after_completed_todos} (1–5, default 5) or more
 *       advancement todos were completed since the last replan checkpoint while advancement work
 *       remains. Answered by {@code todo checkpoint}.
 *   <li>{@link #MONITOR_STREAK} — an open monitor that is not watch-only had
 *       {@link #MONITOR_NO_CHANGE_STREAK} or more unchanged polls ({@code monitor.polled} with no
 *       material change) since its last material change and the last replan checkpoint, and no
 *       advancement todo is left that is not done: the lane has only watched for a long time.
 *       Answered by adding advancement work ({@code todo add}), by closing the monitor
 *       ({@code todo complete}), by a checkpoint that decides to keep watching
 *       ({@code todo checkpoint}), or by a poll that sees a material change.
 *   <li>{@link #SAME_OUTCOME} — lane-scoped (only the lane asking sees it): the lane's last
 *       {@code same_outcome_replan_after} (default 3) or more writebacks in a row were not progress
 *       and carried the same evidence digest on the same claimed todo (the breaker's lane streak), and the
 *       lane recorded no {@code todo checkpoint} since the latest of them. Answered by a checkpoint
 *       of that lane (each further repeat asks again), by a writeback that is progress or differs,
 *       or by retiring the todo; at {@code same_outcome_gate_after} an owner gate stops the lane.
 * </ul>
 *
 * <p>The streak threshold, 5, sits above a quiet monitor's normal wait of a few cadence cycles (an
 * unchanged poll stretches the cadence, so five of them span about 31 base intervals) and is the
 * original's. Pure; reads the goal's open monitors by point read.
 *
 * @param triggers why the obligation holds (empty: it does not)
 */
public record ReplanObligation(List<Trigger> triggers) {
    public static final String SUCCESSION_GAP = "completed_advancement_without_successor";
    public static final String LONG_CHAIN = "long_chain_without_checkpoint";
    public static final String MONITOR_STREAK = "monitor_no_change_streak";
    public static final String SAME_OUTCOME = "same_outcome_repeat";
    /** Unchanged polls of one monitor that ask for a replan. */
    public static final int MONITOR_NO_CHANGE_STREAK = 5;

    public static final ReplanObligation NONE = new ReplanObligation(List.of());

    public ReplanObligation {
        triggers = List.copyOf(triggers);
    }

    /**
     * One reason. {@code todoId}: the completion to settle ({@link #SUCCESSION_GAP}) or the quiet
     * monitor ({@link #MONITOR_STREAK}), else empty; {@code completedSinceCheckpoint} and
     * {@code threshold}: the chain and the goal's limit; {@code noChangeStreak}: the monitor's
     * unchanged polls ({@link #MONITOR_STREAK} only, else 0).
     */
    public record Trigger(
            String kind,
            String todoId,
            long completedSinceCheckpoint,
            int threshold,
            int noChangeStreak,
            Repeat repeat) {
        public Trigger {
            Objects.requireNonNull(repeat, "repeat");
        }

        public Trigger(String kind, String todoId, long completedSinceCheckpoint, int threshold, int noChangeStreak) {
            this(kind, todoId, completedSinceCheckpoint, threshold, noChangeStreak, Repeat.NONE);
        }

        public Trigger(String kind, String todoId, long completedSinceCheckpoint, int threshold) {
            this(kind, todoId, completedSinceCheckpoint, threshold, 0);
        }
    }

    /**
     * The lane's same-outcome streak behind a {@link #SAME_OUTCOME} trigger ({@link #NONE} for the
     * other kinds): the lane, how many writebacks in a row, the goal's two limits, the repeated
     * outcome and evidence digest.
     */
    public record Repeat(
            String agentId, int streak, int replanAfter, int gateAfter, String deliveryOutcome, String digest) {
        public static final Repeat NONE = new Repeat("", 0, 0, 0, "", "");

        public Repeat {
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(deliveryOutcome, "deliveryOutcome");
            Objects.requireNonNull(digest, "digest");
        }
    }

    public boolean required() {
        return !triggers.isEmpty();
    }

    public boolean has(String kind) {
        return triggers.stream().anyMatch(t -> t.kind().equals(kind));
    }

    /** The completion a succession gap asks to settle (empty without a gap). */
    public String gapTodoId() {
        return triggers.stream()
                .filter(t -> t.kind().equals(SUCCESSION_GAP))
                .map(Trigger::todoId)
                .findFirst()
                .orElse("");
    }

    /**
     * The goal-wide triggers and, for {@code agentId}'s lane, a {@link #SAME_OUTCOME} trigger when
     * its same-outcome streak asks for a replan and its todo (if any) is not done.
     */
    public static ReplanObligation of(GoalState s, String agentId) {
        ReplanObligation goalWide = of(s);
        Optional<Trigger> lane = sameOutcome(s, agentId);
        if (lane.isEmpty()) {
            return goalWide;
        }
        List<Trigger> triggers = new ArrayList<>(goalWide.triggers());
        triggers.add(lane.get());
        return new ReplanObligation(triggers);
    }

    /** The lane's {@link #SAME_OUTCOME} trigger, if its streak asks for a replan. */
    public static Optional<Trigger> sameOutcome(GoalState s, String agentId) {
        BreakerPolicy policy = s.breakerPolicy();
        return s.sameOutcomeStreak(agentId)
                .filter(streak -> streak.replanDue(policy) && todoLive(s, streak.todoId()))
                .map(streak -> new Trigger(
                        SAME_OUTCOME,
                        streak.todoId(),
                        s.plan().completedSinceCheckpoint(),
                        s.plan().replanAfterCompletedTodos(),
                        0,
                        new Repeat(
                                agentId,
                                streak.count(),
                                policy.replanAfter(),
                                policy.gateAfter(),
                                streak.deliveryOutcome(),
                                streak.digest())));
    }

    private static boolean todoLive(GoalState s, String todoId) {
        return todoId.isEmpty()
                || s.openTodos().stream().anyMatch(t -> t.todoId().equals(todoId));
    }

    /** The goal-wide triggers (every lane sees them). */
    public static ReplanObligation of(GoalState s) {
        PlanView p = s.plan();
        boolean advancementLeft = s.openTodos().stream().anyMatch(TodoRules::isAdvancement);
        List<Trigger> triggers = new ArrayList<>();
        if (!p.lastCompletedTodoId().isEmpty() && !p.lastCompletedNoFollowup() && !advancementLeft) {
            triggers.add(new Trigger(
                    SUCCESSION_GAP,
                    p.lastCompletedTodoId(),
                    p.completedSinceCheckpoint(),
                    p.replanAfterCompletedTodos()));
        }
        if (advancementLeft && p.completedSinceCheckpoint() >= p.replanAfterCompletedTodos()) {
            triggers.add(new Trigger(LONG_CHAIN, "", p.completedSinceCheckpoint(), p.replanAfterCompletedTodos()));
        }
        if (!advancementLeft) {
            s.openTodos().stream()
                    .filter(t -> TodoRules.isMonitor(t) && t.is(TodoStatus.OPEN))
                    .sorted(TodoRules.ORDER)
                    .forEach(t -> {
                        MonitorView m = s.monitor(t.todoId());
                        int streak = m.streakSince(p.lastCheckpointSeq());
                        if (!m.watchOnly() && streak >= MONITOR_NO_CHANGE_STREAK) {
                            triggers.add(new Trigger(
                                    MONITOR_STREAK,
                                    t.todoId(),
                                    p.completedSinceCheckpoint(),
                                    p.replanAfterCompletedTodos(),
                                    streak));
                        }
                    });
        }
        return triggers.isEmpty() ? NONE : new ReplanObligation(triggers);
    }
}
