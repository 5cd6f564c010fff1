package dev.loopx.projections;

import dev.loopx.projections.view.Views;
import dev.loopx.projections.audit.AuditFold;
import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.goal.GoalFold;
import dev.loopx.projections.goal.GoalView;
import dev.loopx.projections.quota.QuotaFold;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.todo.TodoFold;
import dev.loopx.projections.todo.TodoView;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Everything deciders and read surfaces know about one goal, read from the views at once. */
public record GoalState(GoalView goal, List<TodoView> todos, QuotaLog quota, GoalLog log) {
    public GoalState {
        Objects.requireNonNull(goal, "goal");
        todos = List.copyOf(todos);
        Objects.requireNonNull(quota, "quota");
        Objects.requireNonNull(log, "log");
    }

    public static Optional<GoalState> load(Views views, String goalId) {
        return GoalFold.goal(views, goalId).map(goal -> new GoalState(goal, TodoFold.todos(views, goalId),
                QuotaFold.log(views, goalId), AuditFold.log(views, goalId)));
    }

    /** Every goal of the runtime root (view {@code goal}), in goal-id order. */
    public static List<GoalState> loadAll(Views views) {
        return dev.loopx.projections.view.Documents.list(views, GoalFold.VIEW, "", GoalView.class).stream()
                .map(g -> new GoalState(g, TodoFold.todos(views, g.goalId()), QuotaFold.log(views, g.goalId()),
                        AuditFold.log(views, g.goalId())))
                .toList();
    }

    public Optional<TodoView> todo(String todoId) {
        return todos.stream().filter(t -> t.todoId().equals(todoId)).findFirst();
    }

    public boolean hasAgents() {
        return !goal.agents().isEmpty();
    }

    public boolean multiAgent() {
        return goal.agents().size() >= 2;
    }
}
