package dev.loopx.host.pack;

import dev.loopx.host.surface.HostSurface;
import dev.loopx.projections.query.RuntimeProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The read-only command pack (SPEC §S10): what {@code /loopx} shows before anything happens, as a
 * {@link CommandPack} (the CLI renders it as {@code loopx_bootstrap_command_pack_v0}). Pure: a
 * function of the request and a {@link ProjectSnapshot}; it decides exactly one
 * {@link NextStep} and always names the CLI command a host plugin should call.
 *
 * <p>Precedence (first match wins): not connected and no goal text →
 * {@code confirm_before_bootstrap_mutation}; several goals and none chosen (or an unknown one) →
 * {@code goal_selection_required}; goal text → {@code goal_plan_write_and_activate}; several
 * agents and none chosen (or an unknown one) → {@code select_agent_identity}; otherwise
 * {@code status_and_loop_activation}. Goal text on a project that is not connected still plans
 * first: the guided start's first step is {@code connect_if_needed}.
 */
public final class BootstrapCommandPack {
    private BootstrapCommandPack() {}

    public static CommandPack of(PackRequest request, ProjectSnapshot snapshot) {
        Optional<ProjectSnapshot.Goal> goal = selectedGoal(request, snapshot);
        return new CommandPack(
                request,
                snapshot,
                goal.map(ProjectSnapshot.Goal::goalId).orElse(request.goalId()),
                nextStep(request, snapshot, goal));
    }

    /** The goal the request means: the named one, else the only one. */
    static Optional<ProjectSnapshot.Goal> selectedGoal(PackRequest request, ProjectSnapshot snapshot) {
        if (!request.goalId().isEmpty()) {
            return snapshot.goal(request.goalId());
        }
        return snapshot.goals().size() == 1 ? Optional.of(snapshot.goals().getFirst()) : Optional.empty();
    }

    private static NextStep nextStep(
            PackRequest request, ProjectSnapshot snapshot, Optional<ProjectSnapshot.Goal> goal) {
        boolean goalText = !request.goalText().isEmpty();
        if (!snapshot.connected() && !goalText) {
            String goalId = request.goalId().isEmpty() ? request.defaultGoalId() : request.goalId();
            return new NextStep.ConfirmBeforeBootstrapMutation(
                    "This project is not connected to LoopX. Show the dry run, ask the user, and connect only after they confirm.",
                    request.connect(goalId, true),
                    request.connect(goalId, false));
        }
        if (snapshot.connected()
                && snapshot.stateCurrent()
                && goal.isEmpty()
                && !snapshot.goals().isEmpty()) {
            return new NextStep.GoalSelectionRequired(
                    request.goalId().isEmpty()
                            ? "Several goals live in this runtime root; choose one and ask again with --goal-id."
                            : "The chosen goal is not registered here; choose one of the listed goals.",
                    request.loopx("status"),
                    snapshot.goals().stream()
                            .map(g -> new Choice(
                                    "goal_id", g.goalId(), packAgain(request, g.goalId(), request.agentId())))
                            .toList());
        }
        String goalId = goal.map(ProjectSnapshot.Goal::goalId)
                .orElse(request.goalId().isEmpty() ? request.defaultGoalId() : request.goalId());
        if (goalText) {
            return new NextStep.GoalPlanWriteAndActivate(
                    "Goal text was given: preview the guided start (todos are planned before anything is written), "
                            + "show it to the user, then run its steps in order.",
                    StartGoalPlan.command(request, goalId));
        }
        List<String> agents = goal.map(ProjectSnapshot.Goal::agentIds).orElse(List.of());
        boolean agentUnknown =
                !request.agentId().isEmpty() && snapshot.stateCurrent() && !agents.contains(request.agentId());
        if (agents.size() > 1 && request.agentId().isEmpty() || agentUnknown) {
            return new NextStep.SelectAgentIdentity(
                    agentUnknown
                            ? "The chosen agent is not registered on this goal; choose a registered agent."
                            : "Several agents are registered on this goal; choose the one this host runs as.",
                    request.loopx("status", "--goal-id", goalId),
                    agents.stream()
                            .map(a -> new Choice("agent_id", a, packAgain(request, goalId, a)))
                            .toList());
        }
        return statusAndActivation(request, snapshot, goalId, goal);
    }

    private static NextStep statusAndActivation(
            PackRequest request, ProjectSnapshot snapshot, String goalId, Optional<ProjectSnapshot.Goal> goal) {
        String agentId = !request.agentId().isEmpty()
                ? request.agentId()
                : goal.map(g -> g.agentIds().size() == 1 ? g.agentIds().getFirst() : "")
                        .orElse("");
        boolean goalKnown = snapshot.stateCurrent() || !request.goalId().isEmpty();
        List<String> status = new ArrayList<>(goalKnown ? List.of("status", "--goal-id", goalId) : List.of("status"));
        if (!agentId.isEmpty()) {
            status.addAll(List.of("--agent-id", agentId));
        }
        String summary = snapshot.stateCurrent()
                ? "Connected. Read status first, then activate the host loop (should-run decides every turn)."
                : "Connected, but the read models are behind the ledger; loopx status brings them up to date and answers.";
        CliCall statusCall = request.loopx(status.toArray(String[]::new));
        if (!goalKnown) {
            return new NextStep.StatusAndLoopActivation(summary, statusCall, Optional.empty());
        }
        List<CliCall> activation = request.hostSurface()
                .map(s -> LoopActivation.of(s, goalId, agentId, request.runtime()))
                .orElse(List.of());
        List<String> shouldRun = new ArrayList<>(List.of("quota", "should-run", "--goal-id", goalId));
        if (!agentId.isEmpty()) {
            shouldRun.addAll(List.of("--agent-id", agentId));
        }
        shouldRun.addAll(List.of(
                "--runtime-profile",
                request.hostSurface()
                        .map(HostSurface::runtimeProfile)
                        .orElse(RuntimeProfile.GENERIC_CLI)
                        .wire()));
        return new NextStep.StatusAndLoopActivation(
                summary,
                statusCall,
                Optional.of(new NextStep.Activation(
                        request.hostSurface().isPresent(),
                        activation,
                        request.loopx(shouldRun.toArray(String[]::new)))));
    }

    private static CliCall packAgain(PackRequest request, String goalId, String agentId) {
        List<String> args = new ArrayList<>(
                List.of("bootstrap-command-pack", "--project", request.runtime().project(), "--goal-id", goalId));
        if (!request.runtime().runtimeRoot().isEmpty()) {
            args.addAll(0, List.of("--runtime-root", request.runtime().runtimeRoot()));
        }
        if (!agentId.isEmpty()) {
            args.addAll(List.of("--agent-id", agentId));
        }
        request.hostSurface().ifPresent(s -> args.addAll(List.of("--host-surface", s.wire())));
        if (!request.goalText().isEmpty()) {
            args.addAll(List.of("--goal-text", request.goalText()));
        }
        return CliCall.loopx(args);
    }
}
