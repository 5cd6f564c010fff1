package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.scheduler.SchedulerView;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx quota should-run} (SPEC §S7): may this agent run now, on what, and when should the
 * host ask again. A pure function of the goal state, the lane's scheduler memory and an explicit
 * {@code now}; it never writes and never spends. First match wins, in the order of §S7, which
 * {@link ShouldRunRule} lists.
 */
public final class ShouldRun {
    private ShouldRun() {}

    /**
     * @param runtimeProfile empty when the host did not say (fails closed)
     * @param ledgerDamage the damage known for the ledger the state was read from (empty: sound)
     * @param newTurn the heartbeat named a turn no receipt was recorded for yet (a new wake of the
     *     lane, not the same turn asking again): only such a turn can be a wake storm's
     */
    public record Request(
            String goalId,
            String agentId,
            Optional<RuntimeProfile> runtimeProfile,
            List<String> capabilities,
            String includeDetail,
            String currentRrule,
            Instant now,
            Optional<LedgerDamageNotice> ledgerDamage,
            boolean newTurn) {
        /** A request that names no new turn. */
        public Request(
                String goalId,
                String agentId,
                Optional<RuntimeProfile> runtimeProfile,
                List<String> capabilities,
                String includeDetail,
                String currentRrule,
                Instant now,
                Optional<LedgerDamageNotice> ledgerDamage) {
            this(goalId, agentId, runtimeProfile, capabilities, includeDetail, currentRrule, now, ledgerDamage, false);
        }

        /** The same request, for a turn that is (or is not) a new wake of the lane. */
        public Request withNewTurn(boolean isNew) {
            return new Request(
                    goalId,
                    agentId,
                    runtimeProfile,
                    capabilities,
                    includeDetail,
                    currentRrule,
                    now,
                    ledgerDamage,
                    isNew);
        }

        /** A request about a sound ledger. */
        public Request(
                String goalId,
                String agentId,
                Optional<RuntimeProfile> runtimeProfile,
                List<String> capabilities,
                String includeDetail,
                String currentRrule,
                Instant now) {
            this(goalId, agentId, runtimeProfile, capabilities, includeDetail, currentRrule, now, Optional.empty());
        }

        public Request {
            Objects.requireNonNull(ledgerDamage, "ledgerDamage");
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(runtimeProfile, "runtimeProfile");
            capabilities = List.copyOf(capabilities);
            Objects.requireNonNull(includeDetail, "includeDetail");
            Objects.requireNonNull(currentRrule, "currentRrule");
            Objects.requireNonNull(now, "now");
        }
    }

    /** The branch taken and what it selected. */
    public record Verdict(
            boolean shouldRun,
            EffectiveAction effectiveAction,
            String recommendedMode,
            String reason,
            String recommendedAction,
            boolean notifyUser,
            Cadence cadence,
            TodoView selected,
            List<TodoView> candidates) {}

    /**
     * The verdict of the first rule of {@link ShouldRunRule}, in its order, that answers. Total: the
     * last rule ({@code quota_skip}) always answers. The lane's runnable candidates are computed
     * first, once, and shared by the rules that list them.
     */
    public static Verdict decide(GoalState s, Request r, Frontier f, QuotaStatus q) {
        return ShouldRunRule.first(ShouldRunRule.Ask.of(s, r, f, q));
    }

    /**
     * {@code heartbeat-prompt --bootstrap} for the lane whose managed prompt is upgraded: the asking
     * agent when it is registered, else the goal's only agent; with several, the reader picks one.
     */
    static NextStep upgradePrompt(GoalState s, String agentId) {
        NextStep step =
                NextStep.of(Verb.HEARTBEAT_PROMPT).with(Flag.GOAL_ID, s.goal().goalId());
        List<String> agents = s.goal().agentIds();
        if (!agentId.isEmpty() && s.goal().agent(agentId).isPresent()) {
            step = step.with(Flag.AGENT_ID, agentId);
        } else if (agents.size() == 1) {
            step = step.with(Flag.AGENT_ID, agents.get(0));
        } else {
            step = step.needsOneOf(Flag.AGENT_ID, "the lane whose prompt is upgraded", agents);
        }
        return step.with(Flag.BOOTSTRAP);
    }

    /** The whole {@code loopx_quota_decision_v0} answer. */
    public static ShouldRunAnswer answer(GoalState s, SchedulerView memory, Request r) {
        Frontier f = Frontier.of(s, r.agentId(), r.capabilities(), r.now());
        QuotaStatus q = QuotaStatus.at(s.goal().quota(), s.quota(), r.now());
        Verdict v = decide(s, r, f, q);
        InteractionContract contract = InteractionContract.of(s, r, v, f);
        String goal = s.goal().goalId();
        Optional<ShouldRunAnswer.PromptUpgrade> upgrade = Optional.empty();
        if (v.effectiveAction() == EffectiveAction.AUTOMATION_PROMPT_UPGRADE_REQUIRED) {
            upgrade = Optional.of(new ShouldRunAnswer.PromptUpgrade(
                    upgradePrompt(s, r.agentId()), s.goal().agentIds()));
        }
        return new ShouldRunAnswer(
                goal,
                v.shouldRun(),
                q.stateOf(s.goal().stopped()),
                v.effectiveAction(),
                v.reason(),
                v.recommendedAction(),
                v.effectiveAction() == EffectiveAction.NORMAL_RUN
                        && v.selected() != null
                        && !TodoRules.claimant(v.selected(), r.now()).equals(r.agentId()),
                r.runtimeProfile(),
                q,
                r.agentId(),
                s.goal().agent(r.agentId()).isPresent(),
                Optional.ofNullable(v.selected()),
                v.candidates().size() > 5 ? v.candidates().subList(0, 5) : v.candidates(),
                userTodos(s, r.agentId()),
                agentTodos(s, r, f),
                v.recommendedMode(),
                contract.notifyUser(),
                contract,
                automationAction(v.effectiveAction()),
                v.cadence().stops(),
                upgrade,
                f,
                SchedulerHint.of(
                        v.cadence(),
                        v.effectiveAction().wire(),
                        identity(s, r, v),
                        memory,
                        r.currentRrule(),
                        r.runtimeProfile().filter(RuntimeProfile::codex).isPresent(),
                        r.includeDetail().equals("scheduler")
                                || r.includeDetail().equals("all"),
                        r.now()),
                Optional.ofNullable(v.selected()).filter(TodoRules::isMonitor).map(t -> s.monitor(t.todoId())),
                v.effectiveAction() == EffectiveAction.CAPABILITY_BLOCKED
                        ? TodoRules.missingCapabilities(v.selected(), r.capabilities())
                        : List.of(),
                r.now(),
                claimsTakenBack(s, r.agentId()));
    }

    /** The open todos whose claim was taken back from this lane and that it has not claimed again. */
    static List<TodoView> claimsTakenBack(GoalState s, String agentId) {
        return agentId.isEmpty()
                ? List.of()
                : s.openTodos().stream()
                        .filter(t -> t.reclaimedFrom(agentId).isPresent())
                        .toList();
    }

    /**
     * {@code automation_liveness.automation_action}: a terminal goal stops its automation for good,
     * a stopped goal ({@code stop_goal_stopped}) or a paused quota ({@code stop_quota_paused})
     * stops it until an explicit resume, as the scheduler hint's {@code stop_until_explicit_resume}
     * says (the original's spellings); every other answer keeps it active.
     */
    static String automationAction(EffectiveAction a) {
        return switch (a) {
            case TERMINAL_NO_FOLLOWUP -> "stop_terminal_no_followup";
            case GOAL_STOPPED -> "stop_goal_stopped";
            case QUOTA_PAUSED -> "stop_quota_paused";
            default -> "keep_active_quiet";
        };
    }

    public static SchedulerHint.Identity identity(GoalState s, Request r, Verdict v) {
        return new SchedulerHint.Identity(
                s.goal().goalId(),
                r.agentId(),
                v.effectiveAction().wire(),
                v.recommendedMode(),
                v.recommendedMode(),
                v.selected() == null ? "" : v.selected().todoId());
    }

    /** Open user todos this lane sees: gates scoped to other lanes are not counted. */
    private static ShouldRunAnswer.UserTodos userTodos(GoalState s, String agent) {
        List<TodoView> visible = s.openTodos().stream()
                .filter(t -> TodoRules.userTodoSeenBy(t, agent))
                .toList();
        return new ShouldRunAnswer.UserTodos(
                visible.size(),
                visible.stream().filter(TodoView::isUserGate).count(),
                visible.stream()
                        .filter(TodoView::isUserGate)
                        .sorted(TodoRules.ORDER)
                        .toList());
    }

    private static ShouldRunAnswer.AgentTodos agentTodos(GoalState s, Request r, Frontier f) {
        return new ShouldRunAnswer.AgentTodos(
                f.agentOpen(),
                TodoRules.laneWork(s, r.agentId(), r.capabilities(), r.now()).size(),
                f.claimedByMe(),
                f.claimedByOthers(),
                f.monitorOpen());
    }
}
