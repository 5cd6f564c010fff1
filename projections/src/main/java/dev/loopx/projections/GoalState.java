package dev.loopx.projections;

import dev.loopx.projections.audit.AuditFold;
import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.breaker.BreakerFold;
import dev.loopx.projections.breaker.BreakerPolicy;
import dev.loopx.projections.breaker.LaneStreak;
import dev.loopx.projections.goal.GoalFold;
import dev.loopx.projections.goal.GoalView;
import dev.loopx.projections.lane.LaneFold;
import dev.loopx.projections.lane.LaneGoal;
import dev.loopx.projections.lane.LaneView;
import dev.loopx.projections.monitor.MonitorFold;
import dev.loopx.projections.monitor.MonitorGoal;
import dev.loopx.projections.monitor.MonitorView;
import dev.loopx.projections.plan.PlanFold;
import dev.loopx.projections.plan.PlanView;
import dev.loopx.projections.quota.QuotaFold;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.todo.TodoCounts;
import dev.loopx.projections.todo.TodoFold;
import dev.loopx.projections.todo.TodoView;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything deciders and read surfaces know about one goal. Loading reads the goal, its todos
 * that are not done ({@link #openTodos}), the done-todo counters, and the quota and goal-log
 * summaries: O(open work) rows. Done todos are read only when asked for: {@link #todo} by id
 * (one point read) or {@link #todos} (all of them, read once and kept), from the views the state
 * was loaded from — use the state while those views are open.
 */
public final class GoalState {
    private final GoalView goal;
    private final List<TodoView> openTodos;
    private final TodoCounts counts;
    private final QuotaLog quota;
    private final GoalLog log;
    private final PlanView plan;
    private final Views views;
    private List<TodoView> all;
    private final Map<String, MonitorView> monitors = new HashMap<>();
    private MonitorGoal monitorGoal;
    private List<LaneView> lanes;
    private LaneGoal laneGoal;
    private BreakerPolicy breakerPolicy;
    private final Map<String, Optional<LaneStreak>> streaks = new HashMap<>();

    private GoalState(
            GoalView goal,
            List<TodoView> openTodos,
            TodoCounts counts,
            QuotaLog quota,
            GoalLog log,
            PlanView plan,
            Views views) {
        this.goal = Objects.requireNonNull(goal, "goal");
        this.openTodos = List.copyOf(openTodos);
        this.counts = Objects.requireNonNull(counts, "counts");
        this.quota = Objects.requireNonNull(quota, "quota");
        this.log = Objects.requireNonNull(log, "log");
        this.plan = Objects.requireNonNull(plan, "plan");
        this.views = Objects.requireNonNull(views, "views");
    }

    public static Optional<GoalState> load(Views views, String goalId) {
        return GoalFold.goal(views, goalId).map(goal -> of(views, goal));
    }

    /** Every goal of the runtime root (view {@code goal}), in goal-id order. */
    public static List<GoalState> loadAll(Views views) {
        return Documents.list(views, GoalFold.VIEW, "", GoalView.class).stream()
                .map(g -> of(views, g))
                .toList();
    }

    private static GoalState of(Views views, GoalView goal) {
        String id = goal.goalId();
        return new GoalState(
                goal,
                TodoFold.openTodos(views, id),
                TodoFold.counts(views, id),
                QuotaFold.log(views, id),
                AuditFold.log(views, id),
                PlanFold.plan(views, id),
                views);
    }

    public GoalView goal() {
        return goal;
    }

    /** The todos that are not done (open, blocked, deferred), in creation order. */
    public List<TodoView> openTodos() {
        return openTodos;
    }

    /** Counters over the done todos (archived ones included, and counted apart too). */
    public TodoCounts doneCounts() {
        return counts;
    }

    /**
     * Every todo of the goal but the archived ones, done ones included, in creation order (reads
     * the done todos once). The default reads list these; decisions never depend on the archive
     * mark (they read {@link #todo}, the open todos and the counters).
     */
    public List<TodoView> todos() {
        if (all == null) {
            all = counts.done() == counts.archived() ? openTodos : TodoFold.todos(views, goal.goalId());
        }
        return all;
    }

    /** The archived todos ({@code todo archive-completed}), in creation order (reads them). */
    public List<TodoView> archivedTodos() {
        return counts.archived() == 0 ? List.of() : TodoFold.archivedTodos(views, goal.goalId());
    }

    /** Every todo of the goal, archived ones included, in creation order. */
    public List<TodoView> todosIncludingArchived() {
        if (counts.archived() == 0) {
            return todos();
        }
        List<TodoView> every = new ArrayList<>(todos());
        every.addAll(archivedTodos());
        every.sort(Comparator.comparingLong(TodoView::createdSeq));
        return List.copyOf(every);
    }

    /** How many todos the goal has (archived ones included). */
    public long todoCount() {
        return openTodos.size() + counts.done();
    }

    public QuotaLog quota() {
        return quota;
    }

    public GoalLog log() {
        return log;
    }

    /** The goal's same-outcome breaker settings (one point read, kept). */
    public BreakerPolicy breakerPolicy() {
        if (breakerPolicy == null) {
            breakerPolicy = BreakerFold.policy(views, goal.goalId());
        }
        return breakerPolicy;
    }

    /** The lane's running same-outcome streak, if one runs (one point read per lane, kept). */
    public Optional<LaneStreak> sameOutcomeStreak(String agentId) {
        return streaks.computeIfAbsent(agentId, a -> BreakerFold.lane(views, goal.goalId(), a));
    }

    /** Declared sections, the replan policy and the chain since the last replan checkpoint. */
    public PlanView plan() {
        return plan;
    }

    public Optional<TodoView> todo(String todoId) {
        Optional<TodoView> open =
                openTodos.stream().filter(t -> t.todoId().equals(todoId)).findFirst();
        if (open.isPresent() || counts.done() == 0) {
            return open;
        }
        if (all != null) {
            Optional<TodoView> listed =
                    all.stream().filter(t -> t.todoId().equals(todoId)).findFirst();
            if (listed.isPresent() || counts.archived() == 0) {
                return listed;
            }
        }
        return TodoFold.doneTodo(views, goal.goalId(), todoId);
    }

    /**
     * A monitor todo's settings and poll history (one point read per monitor, kept); a monitor
     * never configured nor polled reads {@link MonitorView#unconfigured}.
     */
    public MonitorView monitor(String todoId) {
        return monitors.computeIfAbsent(
                todoId, id -> MonitorFold.monitor(views, goal.goalId(), id).orElse(MonitorView.unconfigured(id)));
    }

    /** When advancement work was last added, as the monitor rules see it (one point read, kept). */
    public MonitorGoal monitorGoal() {
        if (monitorGoal == null) {
            monitorGoal = MonitorFold.goal(views, goal.goalId());
        }
        return monitorGoal;
    }

    /** What each lane did and when (issue 36): every lane that registered or acted, read once and kept. */
    public List<LaneView> lanes() {
        if (lanes == null) {
            lanes = LaneFold.lanes(views, goal.goalId());
        }
        return lanes;
    }

    /** The goal's stop as the lanes see it, and its liveness settings (one point read, kept). */
    public LaneGoal laneGoal() {
        if (laneGoal == null) {
            laneGoal = LaneFold.goal(views, goal.goalId());
        }
        return laneGoal;
    }

    public boolean hasAgents() {
        return !goal.agents().isEmpty();
    }

    public boolean multiAgent() {
        return goal.agents().size() >= 2;
    }
}
