package dev.loopx.host.pack;

import dev.loopx.commands.todo.TodoIds;
import dev.loopx.host.surface.HostSurface;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * {@code loopx start-goal --guided} (SPEC §S10): the ordered transaction that would start a goal
 * from one line of goal text, as a preview ({@link GoalStart}; the CLI renders it as
 * {@code loopx_start_goal_plan_v0} with {@code writes_now=false}). Pure: a function of the request
 * and a {@link ProjectSnapshot}; each step names the exact CLI calls a host runs, in order.
 *
 * <p><b>Planning is deterministic and deliberately plain.</b> The goal text becomes the P0 agent
 * todo word for word (it is the user's intent; LoopX does not rewrite it); a P1 verification todo
 * follows so that "done" means checked and written back. Todos sort by priority, ties by write
 * order. Nothing clever happens here: an agent that wants a finer plan supersedes or adds todos
 * through the ordinary todo commands once the goal runs.
 *
 * <p>Gates (ok=false, nothing else planned): no {@code --host-surface}
 * ({@code host_surface_selection_required}, listing the surfaces), several goals and none chosen
 * ({@code goal_selection_required}), several registered agents and none chosen
 * ({@code agent_selection_required}).
 */
public final class StartGoalPlan {
    static final String VERIFY_PREFIX = "Verify and record evidence for: ";
    static final int VERIFY_EXCERPT = 160;

    private StartGoalPlan() {}

    /** One planned todo: what {@code todo add} would be given, and the id it would get. */
    public record PlannedTodo(String priority, String role, String taskClass, String text, String source) {}

    /** The {@code start-goal --guided} call a read-only pack points at. */
    public static CliCall command(PackRequest request, String goalId) {
        List<String> args = new ArrayList<>(
                List.of("start-goal", "--guided", "--project", request.runtime().project(), "--goal-id", goalId));
        if (!request.runtime().runtimeRoot().isEmpty()) {
            args.addAll(0, List.of("--runtime-root", request.runtime().runtimeRoot()));
        }
        if (!request.agentId().isEmpty()) {
            args.addAll(List.of("--agent-id", request.agentId()));
        }
        request.hostSurface().ifPresent(s -> args.addAll(List.of("--host-surface", s.wire())));
        args.addAll(List.of("--goal-text", request.goalText()));
        return CliCall.loopx(args);
    }

    /** The deterministic plan for {@code goalText}: P0 the text itself, P1 its verification. */
    public static List<PlannedTodo> plan(String goalText) {
        String excerpt = goalText.strip().replaceAll("\\s+", " ");
        if (excerpt.codePointCount(0, excerpt.length()) > VERIFY_EXCERPT) {
            excerpt = excerpt.substring(0, excerpt.offsetByCodePoints(0, VERIFY_EXCERPT - 1)) + "…";
        }
        List<PlannedTodo> todos = new ArrayList<>(List.of(
                new PlannedTodo("P0", "agent", "advancement_task", goalText, "goal_text"),
                new PlannedTodo("P1", "agent", "advancement_task", VERIFY_PREFIX + excerpt, "verification")));
        todos.sort(Comparator.comparing(PlannedTodo::priority)); // stable: ties keep write order
        return todos;
    }

    public static GoalStart of(PackRequest request, ProjectSnapshot snapshot) {
        Optional<ProjectSnapshot.Goal> goal = BootstrapCommandPack.selectedGoal(request, snapshot);
        if (request.hostSurface().isEmpty()) {
            return new GoalStart.Gate(
                    request,
                    snapshot,
                    "host_surface_selection_required",
                    "Choose the host this goal runs on and ask again with --host-surface.",
                    HostSurface.wireNames().stream()
                            .map(s -> new Choice(
                                    "host_surface",
                                    s,
                                    command(
                                            withSurface(request, s),
                                            goal.map(ProjectSnapshot.Goal::goalId)
                                                    .orElse(
                                                            request.goalId().isEmpty()
                                                                    ? request.defaultGoalId()
                                                                    : request.goalId()))))
                            .toList());
        }
        if (request.goalId().isEmpty() && snapshot.goals().size() > 1) {
            return new GoalStart.Gate(
                    request,
                    snapshot,
                    "goal_selection_required",
                    "Several goals live in this runtime root; choose one with --goal-id.",
                    snapshot.goals().stream()
                            .map(g -> new Choice("goal_id", g.goalId(), command(request, g.goalId())))
                            .toList());
        }
        String goalId = goal.map(ProjectSnapshot.Goal::goalId)
                .orElse(request.goalId().isEmpty() ? request.defaultGoalId() : request.goalId());
        List<String> agents = goal.map(ProjectSnapshot.Goal::agentIds).orElse(List.of());
        if (request.agentId().isEmpty() && agents.size() > 1) {
            return new GoalStart.Gate(
                    request,
                    snapshot,
                    "agent_selection_required",
                    "Several agents are registered on this goal; choose one with --agent-id.",
                    agents.stream()
                            .map(a -> new Choice("agent_id", a, command(withAgent(request, a), goalId)))
                            .toList());
        }
        String agentId = !request.agentId().isEmpty() ? request.agentId() : agents.size() == 1 ? agents.getFirst() : "";
        List<PlannedTodo> todos = plan(request.goalText());
        return new GoalStart.Plan(
                request,
                snapshot,
                goalId,
                agentId,
                request.hostSurface().get().runtimeProfile(),
                todos.stream()
                        .map(t -> new GoalStart.PlannedWrite(t, TodoIds.of(goalId, t.role(), t.text())))
                        .toList(),
                StartGoalSteps.steps(request, snapshot, goal, goalId, agentId, todos));
    }

    private static PackRequest withSurface(PackRequest r, String surface) {
        return new PackRequest(
                r.runtime(),
                r.projectLabel(),
                r.defaultGoalId(),
                r.goalId(),
                r.agentId(),
                r.goalText(),
                HostSurface.fromWire(surface),
                r.cliBin());
    }

    private static PackRequest withAgent(PackRequest r, String agent) {
        return new PackRequest(
                r.runtime(),
                r.projectLabel(),
                r.defaultGoalId(),
                r.goalId(),
                agent,
                r.goalText(),
                r.hostSurface(),
                r.cliBin());
    }
}
