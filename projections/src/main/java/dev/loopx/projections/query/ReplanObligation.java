package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.plan.PlanView;
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
 * </ul>
 *
 * <p>Seam: a monitor no-change streak is the third trigger of the original; it needs monitor poll
 * receipts ({@code monitor.polled}), which LoopX does not record yet. When they exist, their
 * streak is derived here as one more {@link Trigger} kind ({@code monitor_no_change_streak}); no
 * decision or document changes shape. Pure.
 *
 * @param triggers why the obligation holds (empty: it does not)
 */
public record ReplanObligation(List<Trigger> triggers) {
    public static final String SUCCESSION_GAP = "completed_advancement_without_successor";
    public static final String LONG_CHAIN = "long_chain_without_checkpoint";
    public static final ReplanObligation NONE = new ReplanObligation(List.of());

    public ReplanObligation {
        triggers = List.copyOf(triggers);
    }

    /**
     * One reason. {@code todoId}: the completion to settle ({@link #SUCCESSION_GAP}), else empty;
     * {@code completedSinceCheckpoint} and {@code threshold}: the chain and the goal's limit.
     */
    public record Trigger(String kind, String todoId, long completedSinceCheckpoint, int threshold) {}

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
        return triggers.isEmpty() ? NONE : new ReplanObligation(triggers);
    }
}
