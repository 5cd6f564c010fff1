package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code loopx_interaction_contract_v0}: what the user, the agent and the CLI should do next.
 * NOTIFY/DONT_NOTIFY controls output only, never execution.
 *
 * @param mode            the recommended mode of the verdict
 * @param notifyUser      the user channel: an action is required and the host notifies
 * @param primaryAction   what the agent does now
 * @param deliveryAllowed normal delivery is allowed ({@code normal_run} only)
 * @param requiredReads   what the agent reads before work (the open todo list when it runs)
 * @param nextCliActions  the exact next {@code loopx} commands, placeholders in {@code <…>}
 */
public record InteractionContract(
        String mode,
        boolean notifyUser,
        String primaryAction,
        boolean deliveryAllowed,
        List<RequiredRead> requiredReads,
        List<String> nextCliActions) {
    public InteractionContract {
        requiredReads = List.copyOf(requiredReads);
        nextCliActions = List.copyOf(nextCliActions);
    }

    /** One read the agent does at {@code ordering} ({@code before_work}) with {@code command}. */
    public record RequiredRead(String kind, String ordering, String command) {}

    static InteractionContract of(GoalState s, ShouldRun.Request r, ShouldRun.Verdict v) {
        String goal = s.goal().goalId();
        String agentFlag = r.agentId().isEmpty() ? "" : " --agent-id " + r.agentId();
        List<RequiredRead> reads = v.shouldRun()
                ? List.of(new RequiredRead(
                        "todo_list", "before_work", "loopx todo list --goal-id " + goal + agentFlag + " --status open"))
                : List.of();
        return new InteractionContract(
                v.recommendedMode(),
                v.notifyUser(),
                v.recommendedAction(),
                v.effectiveAction() == EffectiveAction.NORMAL_RUN,
                reads,
                nextActions(goal, agentFlag, v));
    }

    private static List<String> nextActions(String goal, String agentFlag, ShouldRun.Verdict v) {
        List<String> actions = new ArrayList<>();
        String todo = v.selected() == null ? "" : v.selected().todoId();
        switch (v.effectiveAction()) {
            case NORMAL_RUN -> {
                if (!v.selected()
                        .claimedBy()
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
            case MONITOR_DUE ->
                actions.add("loopx refresh-state --goal-id " + goal + agentFlag
                        + " --delivery-outcome surface_only --summary <what changed>");
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
                    PEER_COORDINATION_BLOCKED,
                    QUOTA_SKIP ->
                actions.add("loopx quota should-run --goal-id " + goal + agentFlag + " --runtime-profile <profile>");
        }
        return actions;
    }
}
