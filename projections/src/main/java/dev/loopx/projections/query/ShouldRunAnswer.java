package dev.loopx.projections.query;

import dev.loopx.projections.monitor.MonitorView;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.quota.QuotaState;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The decision of {@code loopx quota should-run} ({@code loopx_quota_decision_v0}, SPEC §S7) as
 * values, in the order of the document: the verdict, the quota window, the lane asking, what it
 * sees, the interaction contract, the automation's liveness and prompt upgrade, the frontier and
 * the scheduler hint. Built by {@link ShouldRun#answer}; the CLI renders it.
 *
 * @param state              {@code stopped}, else the quota state ({@link QuotaStatus#stateOf})
 * @param claimRequiredBeforeWork {@code normal_run} on a todo this lane has not claimed
 * @param runtimeProfile     the profile asked with (empty when none)
 * @param runnableCandidates up to 5 runnable advancement todos, in {@link TodoRules#ORDER}
 * @param automationAction   {@code automation_liveness.automation_action}: {@code stop_terminal_no_followup},
 *                           {@code stop_goal_stopped}, {@code stop_quota_paused} or {@code keep_active_quiet}
 * @param pauseAllowed       the cadence stops, so the host may pause its automation
 * @param promptUpgrade      the heartbeat to install, present exactly for {@code automation_prompt_upgrade_required}
 * @param selectedMonitor    the watch settings and poll history of the selected todo when it is a monitor
 * @param missingCapabilities for {@code capability_blocked}: what the selected todo needs that the lane did not
 *                           declare (empty for every other branch)
 * @param now                the moment decided at (lease states are read at it)
 * @param claimsTakenBack    the open todos whose claim this lane held until the owner or a controller
 *                           took it back ({@code todo reclaim}) and that it has not claimed again: its
 *                           writes naming them are refused ({@code claim_epoch_mismatch}); see
 *                           {@link TodoView#reclaimedFrom}
 */
public record ShouldRunAnswer(
        String goalId,
        boolean shouldRun,
        QuotaState state,
        EffectiveAction effectiveAction,
        String reason,
        String recommendedAction,
        boolean claimRequiredBeforeWork,
        Optional<RuntimeProfile> runtimeProfile,
        QuotaStatus quota,
        String agentId,
        boolean agentRegistered,
        Optional<TodoView> selectedTodo,
        List<TodoView> runnableCandidates,
        UserTodos userTodos,
        AgentTodos agentTodos,
        String recommendedMode,
        boolean notifyUser,
        InteractionContract interactionContract,
        String automationAction,
        boolean pauseAllowed,
        Optional<PromptUpgrade> promptUpgrade,
        Frontier frontier,
        SchedulerHint schedulerHint,
        Optional<MonitorView> selectedMonitor,
        List<String> missingCapabilities,
        Instant now,
        List<TodoView> claimsTakenBack) {
    public ShouldRunAnswer {
        Objects.requireNonNull(selectedMonitor, "selectedMonitor");
        Objects.requireNonNull(effectiveAction, "effectiveAction");
        Objects.requireNonNull(runtimeProfile, "runtimeProfile");
        Objects.requireNonNull(selectedTodo, "selectedTodo");
        runnableCandidates = List.copyOf(runnableCandidates);
        Objects.requireNonNull(promptUpgrade, "promptUpgrade");
        missingCapabilities = List.copyOf(missingCapabilities);
        Objects.requireNonNull(now, "now");
        claimsTakenBack = List.copyOf(claimsTakenBack);
    }

    /** Normal delivery is allowed only for {@code normal_run}. */
    public boolean normalDeliveryAllowed() {
        return effectiveAction == EffectiveAction.NORMAL_RUN;
    }

    /** Open user todos this lane sees (gates scoped to other lanes left out); {@code openGates} in order. */
    public record UserTodos(int openCount, long blockingGateCount, List<TodoView> openGates) {
        public UserTodos {
            openGates = List.copyOf(openGates);
        }
    }

    /** The lane's agent work: open, runnable for it, claimed by it, by others, and open monitors. */
    public record AgentTodos(
            int openCount, long runnableCount, int claimedByMeCount, int claimedByOthersCount, int monitorOpenCount) {}

    /**
     * The heartbeat to install when the lane is unknown ({@code automation_prompt_upgrade_required}):
     * the exact command and the goal's registered agents.
     */
    public record PromptUpgrade(NextStep command, List<String> registeredAgents) {
        public PromptUpgrade {
            Objects.requireNonNull(command, "command");
            registeredAgents = List.copyOf(registeredAgents);
        }
    }
}
