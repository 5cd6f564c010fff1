package dev.loopx.projections.plan;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.GoalReplanPolicyConfigured;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoReplanCheckpointed;
import dev.loopx.ledger.event.TodoSectionsDeclared;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoFold;
import dev.loopx.projections.todo.TodoView;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.List;
import java.util.TreeSet;

/**
 * Folds the facts behind the replan obligation into view {@code goal_plan} (key: goal id, one
 * row per goal that has any): declared sections, the goal's replan policy, the last completed
 * advancement todo and how many were completed since the last replan checkpoint. A goal without
 * a row reads {@link PlanView#NONE}. Pure function of the views and the event.
 */
public final class PlanFold {
    public static final String VIEW = "goal_plan";

    private PlanFold() {}

    public static PlanView plan(Views views, String goalId) {
        return Documents.get(views, VIEW, goalId, PlanView.class).orElse(PlanView.NONE);
    }

    public static void sectionsDeclared(Views views, Recorded r, TodoSectionsDeclared e) {
        PlanView p = plan(views, r.goalId());
        TreeSet<String> roles = new TreeSet<>(p.declaredSections());
        roles.addAll(e.roles());
        put(views, r.goalId(), p.withSections(List.copyOf(roles)));
    }

    public static void policyConfigured(Views views, Recorded r, GoalReplanPolicyConfigured e) {
        put(views, r.goalId(), plan(views, r.goalId()).withReplanAfter(e.replanAfterCompletedTodos()));
    }

    /**
     * Called before {@link TodoFold#completed} applies the event, with the todo as it was: a first
     * completion of an advancement todo becomes the last completion and counts toward the chain; a
     * later {@code todo.completed} of a done todo (the no-follow-up settlement) only updates the
     * closure when it is the last completion.
     */
    public static void completed(Views views, Recorded r, TodoCompleted e) {
        TodoView before = TodoFold.todo(views, r.goalId(), e.todoId()).orElse(null);
        if (before == null || !before.isAgent() || before.taskClass() != TaskClass.ADVANCEMENT_TASK) {
            return;
        }
        PlanView p = plan(views, r.goalId());
        if (before.done()) {
            if (p.lastCompletedTodoId().equals(e.todoId())) {
                put(views, r.goalId(), p.settled(e.noFollowup() || p.lastCompletedNoFollowup()));
            }
            return;
        }
        put(
                views,
                r.goalId(),
                p.completed(
                        e.todoId(),
                        r.seq(),
                        e.noFollowup(),
                        e.successorTodoIds().size(),
                        true));
    }

    public static void checkpointed(Views views, Recorded r, TodoReplanCheckpointed e) {
        put(views, r.goalId(), plan(views, r.goalId()).checkpointed(r.seq()));
    }

    private static void put(Views views, String goalId, PlanView p) {
        Documents.put(views, VIEW, goalId, p);
    }
}
