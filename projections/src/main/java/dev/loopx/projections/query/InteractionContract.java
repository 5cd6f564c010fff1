package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoView;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code loopx_interaction_contract_v0}: what the user, the agent and the CLI should do next.
 * NOTIFY/DONT_NOTIFY controls output only, never execution.
 *
 * @param mode            the recommended mode of the verdict
 * @param notifyUser      the user channel: the host notifies (a blocking gate, a replan obligation, or
 *                        open non-blocking reminders)
 * @param userActionRequired the user must act before this lane goes on (a blocking gate only)
 * @param reminders       open {@code user_action} reminders this lane shows the user, at most
 *                        {@link #MAX_REMINDERS}, in priority order: non-blocking, they never stop the lane
 * @param primaryAction   what the agent does now
 * @param deliveryAllowed normal delivery is allowed ({@code normal_run} only)
 * @param requiredReads   what the agent reads before work (the open todo list when it runs)
 * @param nextCliActions  the exact next {@code loopx} commands, placeholders in {@code <…>}
 */
public record InteractionContract(
        String mode,
        boolean notifyUser,
        boolean userActionRequired,
        List<TodoView> reminders,
        String primaryAction,
        boolean deliveryAllowed,
        List<RequiredRead> requiredReads,
        List<String> nextCliActions) {
    public static final int MAX_REMINDERS = 3;

    public InteractionContract {
        reminders = List.copyOf(reminders);
        requiredReads = List.copyOf(requiredReads);
        nextCliActions = List.copyOf(nextCliActions);
    }

    /** One read the agent does at {@code ordering} ({@code before_work}) with {@code command}. */
    public record RequiredRead(String kind, String ordering, String command) {}

    static InteractionContract of(GoalState s, ShouldRun.Request r, ShouldRun.Verdict v, Frontier f) {
        String goal = s.goal().goalId();
        String agentFlag = r.agentId().isEmpty() ? "" : " --agent-id " + r.agentId();
        List<RequiredRead> reads = v.shouldRun()
                ? List.of(new RequiredRead(
                        "todo_list", "before_work", "loopx todo list --goal-id " + goal + agentFlag + " --status open"))
                : List.of();
        List<TodoView> reminders = reminders(s, v);
        return new InteractionContract(
                v.recommendedMode(),
                v.notifyUser() || !reminders.isEmpty(),
                v.effectiveAction() == EffectiveAction.OPERATOR_GATE_NOTIFY,
                reminders,
                v.recommendedAction(),
                v.effectiveAction() == EffectiveAction.NORMAL_RUN,
                reads,
                nextActions(goal, agentFlag, r, v, f));
    }

    /**
     * The open {@code user_action} reminders (user todos that are not gates), at most
     * {@link #MAX_REMINDERS}: shown on every answer except the fail-closed repairs (the lane or its
     * host is unknown there).
     */
    static List<TodoView> reminders(GoalState s, ShouldRun.Verdict v) {
        if (v.cadence() == Cadence.REPAIR) {
            return List.of();
        }
        return s.openTodos().stream()
                .filter(t -> t.isUser() && !t.isUserGate() && TodoRules.open(t))
                .sorted(TodoRules.ORDER)
                .limit(MAX_REMINDERS)
                .toList();
    }

    private static List<String> nextActions(
            String goal, String agentFlag, ShouldRun.Request r, ShouldRun.Verdict v, Frontier f) {
        List<String> actions = new ArrayList<>();
        String todo = v.selected() == null ? "" : v.selected().todoId();
        switch (v.effectiveAction()) {
            case NORMAL_RUN -> {
                if (!TodoRules.claimant(v.selected(), r.now())
                        .equals(agentFlag.isEmpty() ? "" : agentFlag.substring(" --agent-id ".length()))) {
                    actions.add("loopx todo claim --goal-id " + goal + " --todo-id " + todo + agentFlag);
                }
                actions.add("loopx todo complete --goal-id " + goal + " --todo-id " + todo + agentFlag
                        + " --evidence <what was delivered>");
                actions.add("loopx refresh-state --goal-id " + goal + agentFlag
                        + " --delivery-outcome outcome_progress --summary <summary>");
                actions.add("loopx quota spend-slot --goal-id " + goal + agentFlag + " --execute");
            }
            case SUCCESSOR_REPLAN_REQUIRED ->
                actions.add(
                        "loopx todo update --goal-id " + goal + " --todo-id " + todo + agentFlag + " --status open");
            case AUTONOMOUS_REPLAN_REQUIRED -> {
                String gap = f.replanObligation().gapTodoId();
                if (!gap.isEmpty()) {
                    actions.add("loopx todo add --goal-id " + goal + " --role agent" + agentFlag
                            + " --text <the real next step>");
                    actions.add("loopx todo complete --goal-id " + goal + " --todo-id " + gap + agentFlag
                            + " --no-follow-up --evidence <why no real work remains>");
                }
                if (f.replanObligation().has(ReplanObligation.LONG_CHAIN)) {
                    actions.add("loopx todo list --goal-id " + goal + agentFlag + " --status open");
                    actions.add("loopx todo checkpoint --goal-id " + goal + agentFlag
                            + " --note <what the replan decided>");
                }
                f.replanObligation().triggers().stream()
                        .filter(t -> t.kind().equals(ReplanObligation.MONITOR_STREAK))
                        .findFirst()
                        .ifPresent(t -> {
                            actions.add("loopx todo add --goal-id " + goal + " --role agent" + agentFlag
                                    + " --text <the work the watch is for>");
                            actions.add("loopx todo complete --goal-id " + goal + " --todo-id " + t.todoId() + agentFlag
                                    + " --evidence <what the watch saw>");
                            actions.add("loopx todo checkpoint --goal-id " + goal + agentFlag
                                    + " --note <why watching goes on>");
                        });
            }
            case MONITOR_MATERIAL_CHANGE -> {
                actions.add("loopx todo add --goal-id " + goal + " --role agent" + agentFlag
                        + " --text <the work the change calls for>");
                actions.add("loopx todo complete --goal-id " + goal + " --todo-id " + todo + agentFlag
                        + " --evidence <why the watch is over>");
            }
            case MONITOR_EXPIRED -> {
                actions.add("loopx todo complete --goal-id " + goal + " --todo-id " + todo + agentFlag
                        + " --evidence <what the watch saw>");
                actions.add("loopx todo supersede --goal-id " + goal + " --todo-id " + todo + agentFlag
                        + " --reason <why> --next-agent-todo <the work it was waiting for>");
            }
            case INITIAL_PLAN_REQUIRED -> {
                actions.add(
                        "loopx todo add --goal-id " + goal + " --role agent" + agentFlag + " --text <the first step>");
                actions.add("loopx todo declare-empty --goal-id " + goal + " --role agent");
            }
            case QUOTA_SKIP -> {
                if (f.terminalButForMissingSections()) {
                    actions.addAll(f.closeMissingSections());
                }
                actions.add("loopx quota should-run --goal-id " + goal + agentFlag + " --runtime-profile <profile>");
            }
            case MONITOR_DUE ->
                actions.add(
                        "loopx quota monitor-poll --goal-id " + goal + " --todo-id " + todo + agentFlag
                                + " --result-digest <digest of what was observed> [--material-change] [--summary <what was seen>]");
            case CAPABILITY_BLOCKED -> {
                actions.add("loopx quota should-run --goal-id " + goal + agentFlag
                        + " --runtime-profile <profile> --available-capability <capability>");
                actions.add("loopx todo update --goal-id " + goal + " --todo-id " + todo + agentFlag
                        + " --required-capability <what it really needs>|none");
            }
            case OPERATOR_GATE_NOTIFY ->
                actions.add("loopx todo complete --goal-id " + goal + " --todo-id " + todo
                        + " --decision-outcome approve|reject|cancel");
            case REPAIR_SCHEDULER_EXECUTION_CONTEXT,
                    GOAL_STOPPED,
                    QUOTA_PAUSED,
                    TERMINAL_NO_FOLLOWUP,
                    AUTOMATION_PROMPT_UPGRADE_REQUIRED,
                    THROTTLED_SKIP,
                    MONITOR_QUIET_SKIP,
                    PEER_COORDINATION_BLOCKED ->
                actions.add("loopx quota should-run --goal-id " + goal + agentFlag + " --runtime-profile <profile>");
        }
        return actions;
    }
}
