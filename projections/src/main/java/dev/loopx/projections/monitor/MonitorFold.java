package dev.loopx.projections.monitor;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.MonitorPolled;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoMonitorConfigured;
import dev.loopx.projections.plan.PlanFold;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoFold;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.Optional;

/**
 * Folds monitor settings and poll receipts into view {@code todo_monitor} (key
 * {@code <goal id>/<todo id>}, one row per configured or polled monitor) and view
 * {@code monitor_goal} (key goal id: when advancement work was last added, so a material change
 * can be answered without reading the goal's done todos). Goals that never configured nor polled
 * a monitor get no rows. Pure function of the views and the event.
 */
public final class MonitorFold {
    public static final String VIEW = "todo_monitor";
    public static final String GOAL_VIEW = "monitor_goal";

    private MonitorFold() {}

    public static Optional<MonitorView> monitor(Views views, String goalId, String todoId) {
        return Documents.get(views, VIEW, goalId + "/" + todoId, MonitorView.class);
    }

    public static MonitorGoal goal(Views views, String goalId) {
        return Documents.get(views, GOAL_VIEW, goalId, MonitorGoal.class).orElse(MonitorGoal.NONE);
    }

    public static void configured(Views views, Recorded r, TodoMonitorConfigured e) {
        MonitorView m = monitor(views, r.goalId(), e.todoId()).orElse(MonitorView.unconfigured(e.todoId()));
        put(
                views,
                r.goalId(),
                m.configure(e.targetKey(), e.cadenceMinutes(), e.nextDueAt(), e.expiresAt(), e.watchOnly()));
    }

    public static void polled(Views views, Recorded r, MonitorPolled e) {
        MonitorView m = monitor(views, r.goalId(), e.todoId()).orElse(MonitorView.unconfigured(e.todoId()));
        long checkpoint = PlanFold.plan(views, r.goalId()).lastCheckpointSeq();
        put(
                views,
                r.goalId(),
                m.polled(
                        r.recordedAt(),
                        r.seq(),
                        e.resultDigest(),
                        e.materialChange(),
                        e.intervalMinutes(),
                        e.nextDueAt(),
                        checkpoint));
    }

    /**
     * Called before {@link TodoFold#added} applies the event: a new agent advancement todo on a
     * goal that has monitor rows moves {@link MonitorGoal#lastAdvancementAddedSeq}.
     */
    public static void todoAdded(Views views, Recorded r, TodoAdded e) {
        if (TodoRole.recorded(e.role()) != TodoRole.AGENT
                || TaskClass.recorded(e.taskClass()) != TaskClass.ADVANCEMENT_TASK) {
            return;
        }
        if (Documents.get(views, GOAL_VIEW, r.goalId(), MonitorGoal.class).isEmpty()
                || TodoFold.todo(views, r.goalId(), e.todoId()).isPresent()) {
            return;
        }
        Documents.put(views, GOAL_VIEW, r.goalId(), new MonitorGoal(r.seq()));
    }

    private static void put(Views views, String goalId, MonitorView m) {
        Documents.put(views, VIEW, goalId + "/" + m.todoId(), m);
        if (Documents.get(views, GOAL_VIEW, goalId, MonitorGoal.class).isEmpty()) {
            Documents.put(views, GOAL_VIEW, goalId, MonitorGoal.NONE);
        }
    }
}
