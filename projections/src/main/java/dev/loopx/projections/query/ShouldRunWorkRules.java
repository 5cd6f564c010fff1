package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.ShouldRun.Verdict;
import dev.loopx.projections.query.ShouldRunRule.Ask;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoView;
import java.util.List;
import java.util.Optional;

/**
 * The rules of {@link ShouldRunRule} that run a turn on the plan or the work: a ready deferred
 * todo, a replan obligation, a first plan, a monitor's material change and runnable advancement
 * work. Each answers only when it fires; their order is {@link ShouldRunRule}'s. Pure.
 */
final class ShouldRunWorkRules {
    private ShouldRunWorkRules() {}

    /** Selects the first ready deferred todo in {@link TodoRules#ORDER}. */
    static Optional<Verdict> successorReplanRequired(Ask a) {
        GoalState s = a.state();
        List<TodoView> ready = s.openTodos().stream()
                .filter(t -> TodoRules.readyDeferred(s, t, a.request().now()))
                .sorted(TodoRules.ORDER)
                .toList();
        if (ready.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                true,
                EffectiveAction.SUCCESSOR_REPLAN_REQUIRED,
                "replan",
                "a deferred todo's condition came true: " + ready.get(0).text(),
                "re-plan: update or supersede the deferred todo before other work",
                false,
                Cadence.ACTIVE_WORK,
                ready.get(0),
                a.candidates()));
    }

    /**
     * Notifies and selects nothing: the work is to revisit the plan, and {@code selected_todo} never
     * names a done todo. The completion a succession gap asks to settle is named by the obligation's
     * trigger ({@code todo_id}) and by the settling command in {@code next_cli_actions}.
     */
    static Optional<Verdict> autonomousReplanRequired(Ask a) {
        ReplanObligation obligation = a.frontier().replanObligation();
        if (!obligation.required()) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                true,
                EffectiveAction.AUTONOMOUS_REPLAN_REQUIRED,
                "replan",
                replanReason(obligation),
                replanAction(obligation),
                true,
                Cadence.ACTIVE_WORK,
                null,
                a.candidates()));
    }

    /** Fires when the goal has agents and no agent todo was ever added, unless the section was declared empty. */
    static Optional<Verdict> initialPlanRequired(Ask a) {
        GoalState s = a.state();
        if (!s.hasAgents()
                || s.openTodos().stream().anyMatch(t -> t.isAgent())
                || s.doneCounts().doneOf(TodoRole.AGENT) != 0
                || s.goal().declaredEmptyRoles().contains("agent")) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                true,
                EffectiveAction.INITIAL_PLAN_REQUIRED,
                "plan",
                "the goal has no agent todo yet: plan the first steps toward the objective",
                "one bounded planning turn: add the first agent todos, or declare on purpose that there is no"
                        + " agent work; deliver nothing else",
                false,
                Cadence.ACTIVE_WORK,
                null,
                List.of()));
    }

    /** Selects the first monitor in {@link TodoRules#ORDER} whose material change is pending. */
    static Optional<Verdict> monitorMaterialChange(Ask a) {
        GoalState s = a.state();
        return s.openTodos().stream()
                .filter(t -> TodoRules.monitorChangePending(s, t))
                .sorted(TodoRules.ORDER)
                .findFirst()
                .map(changed -> new Verdict(
                        true,
                        EffectiveAction.MONITOR_MATERIAL_CHANGE,
                        "plan",
                        "a monitor saw a material change: " + changed.text(),
                        "turn the change into advancement work (a new agent todo), or complete the monitor when the"
                                + " watch is over",
                        false,
                        Cadence.ACTIVE_WORK,
                        changed,
                        a.candidates()));
    }

    /** Selects the first candidate; asks for a claim first unless this (named) lane holds it. */
    static Optional<Verdict> normalRun(Ask a) {
        if (a.candidates().isEmpty()) {
            return Optional.empty();
        }
        TodoView selected = a.candidates().get(0);
        String agent = a.agent();
        boolean claimed = TodoRules.claimant(selected, a.request().now()).equals(agent) && !agent.isEmpty();
        return Optional.of(new Verdict(
                true,
                EffectiveAction.NORMAL_RUN,
                "work",
                "runnable advancement work: " + selected.text(),
                claimed ? "work on the selected todo" : "claim the selected todo, then work on it",
                false,
                Cadence.ACTIVE_WORK,
                selected,
                a.candidates()));
    }

    private static String replanReason(ReplanObligation obligation) {
        if (obligation.has(ReplanObligation.SUCCESSION_GAP)) {
            return "the plan ran out: the last completed todo (" + obligation.gapTodoId()
                    + ") named no successor and was not settled as having no follow-up";
        }
        ReplanObligation.Trigger first = obligation.triggers().get(0);
        if (first.kind().equals(ReplanObligation.SAME_OUTCOME)) {
            ReplanObligation.Repeat r = first.repeat();
            return "the same outcome again: " + r.streak() + " writebacks in a row"
                    + (first.todoId().isEmpty() ? "" : " on " + first.todoId())
                    + " were not progress and carried the same evidence (" + r.digest()
                    + "; same_outcome_replan_after=" + r.replanAfter() + ", an owner gate at "
                    + r.gateAfter() + ")";
        }
        if (first.kind().equals(ReplanObligation.MONITOR_STREAK)) {
            return "only watching: monitor " + first.todoId() + " had " + first.noChangeStreak()
                    + " unchanged polls in a row and no advancement work is left";
        }
        return "a long chain without a checkpoint: " + first.completedSinceCheckpoint()
                + " todos completed since the last replan (replan_after_completed_todos=" + first.threshold() + ")";
    }

    private static String replanAction(ReplanObligation obligation) {
        if (obligation.has(ReplanObligation.SUCCESSION_GAP)) {
            return "replan: add a real successor, or, when no real work remains, settle the completed todo as"
                    + " having no follow-up";
        }
        if (obligation.triggers().get(0).kind().equals(ReplanObligation.SAME_OUTCOME)) {
            return "replan: stop repeating what did not work; change the approach, or retire the todo, and record"
                    + " in a checkpoint what changes";
        }
        if (obligation.triggers().get(0).kind().equals(ReplanObligation.MONITOR_STREAK)) {
            return "replan: add the advancement work the watch is for, complete the monitor, or record in a"
                    + " checkpoint why watching goes on";
        }
        return "replan: check the open todos against the objective (add, update or supersede them),"
                + " then record the checkpoint";
    }
}
