package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import dev.loopx.projections.todo.TodoView;
import java.util.ArrayList;
import java.util.List;

/**
 * The exact next commands for a review packet, most urgent first: the owner's decisions (open
 * gates, a stopped goal, a paused quota), each lane's selected todo (claim, complete, write back,
 * spend), then the reviewer's reward and the heartbeat question. What only the reader knows is a
 * step's input, never part of its command. Pure.
 */
public final class NextCommands {
    private NextCommands() {}

    /** The owner's command that resumes a stopped goal (the reason is the owner's to give). */
    public static NextStep resumeGoal(String goalId) {
        return NextStep.of(Verb.GOAL_LIFECYCLE)
                .with(Flag.GOAL_ID, goalId)
                .with(Flag.OPERATION, "resume")
                .with(Flag.ACTOR_KIND, "owner")
                .with(Flag.EXECUTE)
                .needs(Flag.REASON, "why the goal resumes");
    }

    public static List<NextStep> of(GoalState s, String agentId, List<LaneDecisions.Lane> lanes) {
        String g = s.goal().goalId();
        List<NextStep> out = new ArrayList<>();
        for (TodoView gate : GoalStatus.openGates(s, agentId)) {
            out.add(InteractionContract.decideGate(g, gate.todoId()));
        }
        if (s.goal().stopped()) {
            out.add(resumeGoal(g));
        }
        if (s.goal().quota().paused()) {
            out.add(NextStep.of(Verb.CONFIGURE_GOAL)
                    .with(Flag.GOAL_ID, g)
                    .with(Flag.QUOTA_COMPUTE, "1")
                    .with(Flag.EXECUTE));
        }
        for (LaneDecisions.Lane lane : lanes) {
            String a = lane.agentId();
            TodoView t = lane.verdict().selected();
            EffectiveAction action = lane.verdict().effectiveAction();
            if (action == EffectiveAction.NORMAL_RUN && t != null) {
                out.addAll(InteractionContract.deliver(
                        g, t.todoId(), a, !t.claimedBy().equals(a) && !a.isEmpty(), "what changed", "what changed"));
            } else if (action == EffectiveAction.SUCCESSOR_REPLAN_REQUIRED && t != null) {
                out.add(InteractionContract.onTodo(Verb.TODO_UPDATE, g, t.todoId(), a)
                        .with(Flag.STATUS, "open")
                        .with(Flag.RESUME_WHEN, "none"));
            } else if (action == EffectiveAction.AUTOMATION_PROMPT_UPGRADE_REQUIRED) {
                out.add(ShouldRun.upgradePrompt(s, a));
            }
        }
        out.add(NextStep.of(Verb.REWARD)
                .with(Flag.GOAL_ID, g)
                .with(Flag.ACTOR_KIND, "owner")
                .needsOneOf(Flag.REWARD, "how the delivery went", List.of("positive", "negative", "mixed", "neutral"))
                .needs(Flag.REASON_SUMMARY, "why"));
        NextStep ask = NextStep.of(Verb.QUOTA_SHOULD_RUN).with(Flag.GOAL_ID, g);
        if (!agentId.isEmpty()) {
            ask = ask.with(Flag.AGENT_ID, agentId);
        } else if (s.hasAgents()) {
            ask = ask.needsOneOf(Flag.AGENT_ID, "the lane that asks", s.goal().agentIds());
        }
        out.add(ask.with(Flag.RUNTIME_PROFILE, RuntimeProfile.GENERIC_CLI.wire()));
        return out.stream().distinct().toList();
    }
}
