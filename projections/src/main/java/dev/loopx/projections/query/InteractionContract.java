package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import dev.loopx.projections.todo.TodoView;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
 * @param nextCliActions  the exact next commands, as values: what the reader adds is named in
 *                        each step's inputs, never written into the command
 */
public record InteractionContract(
        String mode,
        boolean notifyUser,
        boolean userActionRequired,
        List<TodoView> reminders,
        String primaryAction,
        boolean deliveryAllowed,
        List<RequiredRead> requiredReads,
        List<NextStep> nextCliActions) {
    public static final int MAX_REMINDERS = 3;

    public InteractionContract {
        reminders = List.copyOf(reminders);
        requiredReads = List.copyOf(requiredReads);
        nextCliActions = List.copyOf(nextCliActions);
    }

    /** One read the agent does at {@code ordering} ({@code before_work}) with {@code command}. */
    public record RequiredRead(String kind, String ordering, NextStep command) {}

    static InteractionContract of(GoalState s, ShouldRun.Request r, ShouldRun.Verdict v, Frontier f) {
        String goal = s.goal().goalId();
        List<RequiredRead> reads = v.shouldRun()
                ? List.of(new RequiredRead("todo_list", "before_work", openTodos(goal, r.agentId())))
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
                nextActions(goal, r, v, f));
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

    /** {@code todo list} of the lane's open todos. */
    static NextStep openTodos(String goal, String agent) {
        return NextStep.of(Verb.TODO_LIST)
                .with(Flag.GOAL_ID, goal)
                .withIfSet(Flag.AGENT_ID, agent)
                .with(Flag.STATUS, "open");
    }

    /** A step on {@code todo} of this goal by this lane: {@code verb --goal-id g --todo-id t [--agent-id a]}. */
    static NextStep onTodo(Verb verb, String goal, String todo, String agent) {
        return NextStep.of(verb)
                .with(Flag.GOAL_ID, goal)
                .with(Flag.TODO_ID, todo)
                .withIfSet(Flag.AGENT_ID, agent);
    }

    /** A step of this lane on the goal: {@code verb --goal-id g [--agent-id a]}. */
    static NextStep onGoal(Verb verb, String goal, String agent) {
        return NextStep.of(verb).with(Flag.GOAL_ID, goal).withIfSet(Flag.AGENT_ID, agent);
    }

    /** {@code todo add} of an agent todo for this lane; the reader gives its text. */
    static NextStep addAgentTodo(String goal, String agent, String meaning) {
        return NextStep.of(Verb.TODO_ADD)
                .with(Flag.GOAL_ID, goal)
                .with(Flag.ROLE, "agent")
                .withIfSet(Flag.AGENT_ID, agent)
                .needs(Flag.TEXT, meaning);
    }

    /** The owner's decision on a gate. */
    static NextStep decideGate(String goal, String gate) {
        return NextStep.of(Verb.TODO_COMPLETE)
                .with(Flag.GOAL_ID, goal)
                .with(Flag.TODO_ID, gate)
                .needsOneOf(Flag.DECISION_OUTCOME, "the owner's decision", List.of("approve", "reject", "cancel"));
    }

    /** {@code quota should-run} again for this lane; the host names its runtime profile. */
    /** Asking again: with the lane's runtime profile when it gave one (nothing to fill then). */
    static NextStep askAgain(String goal, String agent, Optional<RuntimeProfile> profile) {
        NextStep ask = onGoal(Verb.QUOTA_SHOULD_RUN, goal, agent);
        return profile.isPresent()
                ? ask.with(Flag.RUNTIME_PROFILE, profile.get().wire())
                : ask.needs(Flag.RUNTIME_PROFILE, "the host's runtime profile");
    }

    /** Delivering the selected todo: claim (unless the lane holds it), complete, write back, spend. */
    static List<NextStep> deliver(
            String goal, String todo, String agent, boolean claim, String evidence, String summary) {
        List<NextStep> steps = new ArrayList<>();
        if (claim) {
            steps.add(onTodo(Verb.TODO_CLAIM, goal, todo, agent));
        }
        steps.add(onTodo(Verb.TODO_COMPLETE, goal, todo, agent).needs(Flag.EVIDENCE, evidence));
        steps.add(onGoal(Verb.REFRESH_STATE, goal, agent)
                .with(Flag.DELIVERY_OUTCOME, "outcome_progress")
                .needs(Flag.SUMMARY, summary));
        steps.add(onGoal(Verb.QUOTA_SPEND_SLOT, goal, agent).with(Flag.EXECUTE));
        return steps;
    }

    private static List<NextStep> nextActions(String goal, ShouldRun.Request r, ShouldRun.Verdict v, Frontier f) {
        List<NextStep> actions = new ArrayList<>();
        String agent = r.agentId();
        String todo = v.selected() == null ? "" : v.selected().todoId();
        switch (v.effectiveAction()) {
            case NORMAL_RUN ->
                actions.addAll(deliver(
                        goal,
                        todo,
                        agent,
                        !TodoRules.claimant(v.selected(), r.now()).equals(agent),
                        "what was delivered",
                        "a one-line summary of what was delivered"));
            case SUCCESSOR_REPLAN_REQUIRED ->
                actions.add(onTodo(Verb.TODO_UPDATE, goal, todo, agent).with(Flag.STATUS, "open"));
            case AUTONOMOUS_REPLAN_REQUIRED -> {
                String gap = f.replanObligation().gapTodoId();
                if (!gap.isEmpty()) {
                    actions.add(addAgentTodo(goal, agent, "the real next step"));
                    actions.add(onTodo(Verb.TODO_COMPLETE, goal, gap, agent)
                            .with(Flag.NO_FOLLOW_UP)
                            .needs(Flag.EVIDENCE, "why no real work remains"));
                }
                if (f.replanObligation().has(ReplanObligation.LONG_CHAIN)) {
                    actions.add(openTodos(goal, agent));
                    actions.add(onGoal(Verb.TODO_CHECKPOINT, goal, agent).needs(Flag.NOTE, "what the replan decided"));
                }
                f.replanObligation().triggers().stream()
                        .filter(t -> t.kind().equals(ReplanObligation.MONITOR_STREAK))
                        .findFirst()
                        .ifPresent(t -> {
                            actions.add(addAgentTodo(goal, agent, "the work the watch is for"));
                            actions.add(onTodo(Verb.TODO_COMPLETE, goal, t.todoId(), agent)
                                    .needs(Flag.EVIDENCE, "what the watch saw"));
                            actions.add(
                                    onGoal(Verb.TODO_CHECKPOINT, goal, agent).needs(Flag.NOTE, "why watching goes on"));
                        });
                f.replanObligation().triggers().stream()
                        .filter(t -> t.kind().equals(ReplanObligation.SAME_OUTCOME))
                        .findFirst()
                        .ifPresent(t -> {
                            actions.add(onGoal(Verb.TODO_CHECKPOINT, goal, agent)
                                    .needs(Flag.NOTE, "what the lane will do differently"));
                            if (!t.todoId().isEmpty()) {
                                actions.add(onTodo(Verb.TODO_SUPERSEDE, goal, t.todoId(), agent)
                                        .needs(Flag.REASON, "why the todo cannot be done as written")
                                        .needs(Flag.NEXT_AGENT_TODO, "the work that replaces it"));
                            }
                        });
            }
            case MONITOR_MATERIAL_CHANGE -> {
                actions.add(addAgentTodo(goal, agent, "the work the change calls for"));
                actions.add(
                        onTodo(Verb.TODO_COMPLETE, goal, todo, agent).needs(Flag.EVIDENCE, "why the watch is over"));
            }
            case MONITOR_EXPIRED -> {
                actions.add(onTodo(Verb.TODO_COMPLETE, goal, todo, agent).needs(Flag.EVIDENCE, "what the watch saw"));
                actions.add(onTodo(Verb.TODO_SUPERSEDE, goal, todo, agent)
                        .needs(Flag.REASON, "why")
                        .needs(Flag.NEXT_AGENT_TODO, "the work it was waiting for"));
            }
            case INITIAL_PLAN_REQUIRED -> {
                actions.add(addAgentTodo(goal, agent, "the first step"));
                actions.add(NextStep.of(Verb.TODO_DECLARE_EMPTY)
                        .with(Flag.GOAL_ID, goal)
                        .with(Flag.ROLE, "agent"));
            }
            case QUOTA_SKIP -> {
                if (f.terminalButForMissingSections()) {
                    actions.addAll(f.closeMissingSections());
                }
                actions.add(askAgain(goal, agent, r.runtimeProfile()));
            }
            case MONITOR_DUE ->
                actions.add(onTodo(Verb.QUOTA_MONITOR_POLL, goal, todo, agent)
                        .needs(Flag.RESULT_DIGEST, "a digest of what was observed")
                        .mayAdd(Flag.MATERIAL_CHANGE, "when what was observed changed materially")
                        .may(Flag.SUMMARY, "what was seen"));
            case CAPABILITY_BLOCKED -> {
                actions.add(askAgain(goal, agent, r.runtimeProfile())
                        .needs(Flag.AVAILABLE_CAPABILITY, "a capability the lane has"));
                actions.add(onTodo(Verb.TODO_UPDATE, goal, todo, agent)
                        .needs(Flag.REQUIRED_CAPABILITY, "what the todo really needs, or none"));
            }
            case OPERATOR_GATE_NOTIFY -> actions.add(decideGate(goal, todo));
            case LEDGER_DAMAGED -> {
                // the preview only: it writes nothing, and shows the owner what a repair keeps
                actions.add(NextStep.of(Verb.LEDGER_REPAIR));
                actions.add(askAgain(goal, agent, r.runtimeProfile()));
            }
            case REPAIR_SCHEDULER_EXECUTION_CONTEXT,
                    GOAL_STOPPED,
                    QUOTA_PAUSED,
                    TERMINAL_NO_FOLLOWUP,
                    AUTOMATION_PROMPT_UPGRADE_REQUIRED,
                    THROTTLED_SKIP,
                    MONITOR_QUIET_SKIP,
                    PEER_COORDINATION_BLOCKED -> actions.add(askAgain(goal, agent, r.runtimeProfile()));
        }
        return actions;
    }
}
