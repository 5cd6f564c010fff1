package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.breaker.BreakerPolicy;
import dev.loopx.projections.breaker.LaneStreak;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import dev.loopx.projections.todo.TodoView;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code same_outcome_loop} risks of a goal (for {@code global-risks}): one per lane whose
 * same-outcome streak ({@link LaneStreak}) holds the lane — an owner gate of the lane is open after
 * {@code same_outcome_gate_after} repeats, or a replan is due after {@code same_outcome_replan_after}
 * (and the lane's todo, if any, is not done). Each names the one command that resolves it, with
 * every value filled in: the owner's {@code todo complete --todo-id <the gate> --decision-outcome
 * approve} for an open gate, else the lane's {@code todo checkpoint --agent-id A --note …}. Pure.
 */
public final class SameOutcomeLoops {
    public static final String KIND = "same_outcome_loop";
    /** The note of the pasteable checkpoint: what the replan records when the owner runs it. */
    public static final String CHECKPOINT_NOTE = "replan after the same outcome repeated";

    private SameOutcomeLoops() {}

    public static List<GoalRisks.Risk> of(GoalState s) {
        List<String> lanes = new ArrayList<>(s.goal().agentIds());
        lanes.add(0, "");
        List<GoalRisks.Risk> risks = new ArrayList<>();
        BreakerPolicy policy = s.breakerPolicy();
        for (String agent : lanes) {
            s.sameOutcomeStreak(agent)
                    .flatMap(streak -> risk(s, policy, agent, streak))
                    .ifPresent(risks::add);
        }
        return risks;
    }

    private static Optional<GoalRisks.Risk> risk(GoalState s, BreakerPolicy policy, String agent, LaneStreak streak) {
        String g = s.goal().goalId();
        if (!streak.todoId().isEmpty()
                && s.openTodos().stream().noneMatch(t -> t.todoId().equals(streak.todoId()))) {
            return Optional.empty();
        }
        String what = (agent.isEmpty() ? "the lane" : "lane " + agent) + ": " + streak.count()
                + " writebacks in a row without progress"
                + (streak.todoId().isEmpty() ? "" : " on " + streak.todoId()) + ", the same evidence ("
                + streak.digest() + ")";
        Optional<TodoView> gate = streak.count() >= policy.gateAfter() ? laneGate(s, agent) : Optional.empty();
        if (gate.isPresent()) {
            return Optional.of(new GoalRisks.Risk(
                    g,
                    KIND,
                    what + "; owner gate " + gate.get().todoId() + " blocks the lane",
                    List.of(NextStep.of(Verb.TODO_COMPLETE)
                            .with(Flag.GOAL_ID, g)
                            .with(Flag.TODO_ID, gate.get().todoId())
                            .with(Flag.DECISION_OUTCOME, "approve"))));
        }
        if (!streak.replanDue(policy)) {
            return Optional.empty();
        }
        NextStep checkpoint = NextStep.of(Verb.TODO_CHECKPOINT).with(Flag.GOAL_ID, g);
        if (!agent.isEmpty()) {
            checkpoint = checkpoint.with(Flag.AGENT_ID, agent);
        }
        return Optional.of(new GoalRisks.Risk(
                g,
                KIND,
                what + "; the lane must replan (owner gate at " + policy.gateAfter() + ")",
                List.of(checkpoint.with(Flag.NOTE, CHECKPOINT_NOTE))));
    }

    /** The open user gate scoped to the lane (unscoped for the lane of a goal without agents). */
    private static Optional<TodoView> laneGate(GoalState s, String agent) {
        return s.openTodos().stream()
                .filter(t -> t.isUser()
                        && t.isUserGate()
                        && !t.globalGate()
                        && t.blocksAgent().equals(agent))
                .sorted(TodoRules.ORDER)
                .findFirst();
    }
}
