package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.monitor.MonitorView;
import dev.loopx.projections.plan.PlanView;
import dev.loopx.projections.todo.TodoStatus;
import java.util.ArrayList;
import java.util.List;

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
            String kind, String todoId, long completedSinceCheckpoint, int threshold, int noChangeStreak) {
        public Trigger(String kind, String todoId, long completedSinceCheckpoint, int threshold) {
            this(kind, todoId, completedSinceCheckpoint, threshold, 0);
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
