package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoView;
import java.util.ArrayList;
import java.util.List;

/**
 * The exact next {@code loopx} commands for a review packet, most urgent first: the owner's
 * decisions (open gates, a stopped goal, a paused quota), each lane's selected todo (claim,
 * complete, write back, spend), then the reviewer's reward and the heartbeat question.
 * Placeholders are {@code <…>}. Pure.
 */
public final class NextCommands {
    private NextCommands() {}

    public static List<String> of(GoalState s, String agentId, List<LaneDecisions.Lane> lanes) {
        String g = s.goal().goalId();
        List<String> out = new ArrayList<>();
        for (TodoView gate : GoalStatus.openGates(s, agentId)) {
            out.add("loopx todo complete --goal-id " + g + " --todo-id " + gate.todoId()
                    + " --decision-outcome approve|reject|cancel");
        }
        if (s.goal().stopped()) {
            out.add("loopx goal-lifecycle --goal-id " + g
                    + " --operation resume --actor-kind owner --reason \"<why>\" --execute");
        }
        if (s.goal().quota().paused()) {
            out.add("loopx configure-goal --goal-id " + g + " --quota-compute 1 --execute");
        }
        for (LaneDecisions.Lane lane : lanes) {
            String a = lane.agentId().isEmpty() ? "" : " --agent-id " + lane.agentId();
            TodoView t = lane.verdict().selected();
            EffectiveAction action = lane.verdict().effectiveAction();
            if (action == EffectiveAction.NORMAL_RUN && t != null) {
                if (!t.claimedBy().equals(lane.agentId()) && !lane.agentId().isEmpty()) {
                    out.add("loopx todo claim --goal-id " + g + " --todo-id " + t.todoId() + a);
                }
                out.add("loopx todo complete --goal-id " + g + " --todo-id " + t.todoId() + a
                        + " --evidence \"<what changed>\"");
                out.add("loopx refresh-state --goal-id " + g + a
                        + " --delivery-outcome outcome_progress --summary \"<what changed>\"");
                out.add("loopx quota spend-slot --goal-id " + g + a + " --execute");
            } else if (action == EffectiveAction.SUCCESSOR_REPLAN_REQUIRED && t != null) {
                out.add("loopx todo update --goal-id " + g + " --todo-id " + t.todoId() + a
                        + " --status open --resume-when none");
            } else if (action == EffectiveAction.AUTOMATION_PROMPT_UPGRADE_REQUIRED) {
                out.add("loopx heartbeat-prompt --goal-id " + g + " --agent-id <agent-id> --bootstrap");
            }
        }
        out.add("loopx reward --goal-id " + g
                + " --reward positive|negative|mixed|neutral --reason-summary \"<why>\" --actor-kind owner");
        String lane = !agentId.isEmpty() ? " --agent-id " + agentId : s.hasAgents() ? " --agent-id <agent-id>" : "";
        out.add("loopx quota should-run --goal-id " + g + lane + " --runtime-profile "
                + RuntimeProfile.GENERIC_CLI.wire());
        return out.stream().distinct().toList();
    }
}
