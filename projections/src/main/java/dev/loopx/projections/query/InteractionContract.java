package dev.loopx.projections.query;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code loopx_interaction_contract_v0}: what the user, the agent and the CLI should do next.
 * NOTIFY/DONT_NOTIFY controls output only, never execution.
 */
final class InteractionContract {
    private InteractionContract() {}

    static ObjectNode of(GoalState s, ShouldRun.Request r, ShouldRun.Verdict v) {
        String goal = s.goal().goalId();
        String agentFlag = r.agentId().isEmpty() ? "" : " --agent-id " + r.agentId();
        ObjectNode c = Json.object();
        c.put("schema_version", "loopx_interaction_contract_v0");
        c.put("mode", v.recommendedMode());
        ObjectNode user = c.putObject("user_channel");
        user.put("action_required", v.notifyUser());
        user.put("notify", v.notifyUser() ? "NOTIFY" : "DONT_NOTIFY");
        ObjectNode agent = c.putObject("agent_channel");
        agent.put("primary_action", v.recommendedAction());
        agent.put("delivery_allowed", v.effectiveAction() == EffectiveAction.NORMAL_RUN);
        ArrayNode reads = agent.putArray("required_reads");
        if (v.shouldRun()) {
            ObjectNode read = reads.addObject();
            read.put("kind", "todo_list");
            read.put("ordering", "before_work");
            read.put("command", "loopx todo list --goal-id " + goal + agentFlag + " --status open");
        }
        ArrayNode next = c.putObject("cli_channel").putArray("next_cli_actions");
        nextActions(goal, agentFlag, v).forEach(next::add);
        return c;
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
