package dev.loopx.host.pack;

import dev.loopx.host.surface.HostSurface;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The seven ordered steps of a guided goal start (SPEC §S10), each with its status and the exact
 * CLI calls that would perform it: {@code connect_if_needed}, {@code plan_todos},
 * {@code write_todos}, {@code refresh_state}, {@code activate_host_loop}, {@code quota_guard},
 * {@code scheduler_ack_when_needed}. Placeholders in angle brackets ({@code <RRULE>}) are values
 * the host copies from the answer of an earlier step, never guesses.
 */
final class StartGoalSteps {
    private StartGoalSteps() {}

    static List<GoalStart.Step> steps(
            PackRequest request,
            ProjectSnapshot snapshot,
            Optional<ProjectSnapshot.Goal> goal,
            String goalId,
            String agentId,
            List<StartGoalPlan.PlannedTodo> todos) {
        HostSurface surface = request.hostSurface().orElseThrow();
        List<GoalStart.Step> steps = new ArrayList<>();

        boolean goalRegistered = goal.isPresent();
        boolean agentRegistered = agentId.isEmpty()
                || goal.map(g -> g.agentIds().contains(agentId)).orElse(false);
        List<CliCall> connect = new ArrayList<>();
        if (!goalRegistered) {
            connect.add(request.connect(goalId, false));
        }
        if (!agentRegistered) {
            connect.add(request.loopx("register-agent", "--goal-id", goalId, "--agent-id", agentId, "--execute"));
        }
        String connectStatus = !snapshot.stateCurrent() && snapshot.connected()
                ? "check_with_status"
                : connect.isEmpty() ? "already_done" : "needed";
        step(
                steps,
                "connect_if_needed",
                connectStatus,
                !connect.isEmpty(),
                connect.isEmpty()
                        ? "The project, goal and agent are already connected."
                        : "Connect the project / register the goal and agent (idempotent; ask the user before the first connect).",
                connect);

        step(
                steps,
                "plan_todos",
                "planned",
                false,
                "The todos below (planned_todos) are the whole plan: P0 is the goal text exactly, P1 its verification; "
                        + "ordered by priority, ties by write order. Nothing is written by planning.",
                List.of());

        List<CliCall> writes = todos.stream()
                .map(t -> request.loopx(
                        "todo",
                        "add",
                        "--goal-id",
                        goalId,
                        "--role",
                        t.role(),
                        "--task-class",
                        t.taskClass(),
                        "--priority",
                        t.priority(),
                        "--text",
                        t.text()))
                .toList();
        step(
                steps,
                "write_todos",
                "pending",
                true,
                "Write the planned todos in write order (re-adding identical text is idempotent).",
                writes);

        List<String> refresh = new ArrayList<>(List.of("refresh-state", "--goal-id", goalId));
        if (!agentId.isEmpty()) {
            refresh.addAll(List.of("--agent-id", agentId));
        }
        refresh.addAll(List.of("--delivery-outcome", "outcome_progress", "--summary", "<what changed, public-safe>"));
        step(
                steps,
                "refresh_state",
                "after_each_turn",
                true,
                "After each turn of work, write the evidence back (spend quota only after validated delivery).",
                List.of(request.loopx(refresh.toArray(String[]::new))));

        step(
                steps,
                "activate_host_loop",
                "pending",
                true,
                "Activate the " + surface.wire() + " loop: " + surface.loop() + ".",
                LoopActivation.of(surface, goalId, agentId, request.runtime()));

        List<String> shouldRun = new ArrayList<>(List.of("quota", "should-run", "--goal-id", goalId));
        if (!agentId.isEmpty()) {
            shouldRun.addAll(List.of("--agent-id", agentId));
        }
        shouldRun.addAll(List.of("--runtime-profile", surface.runtimeProfile().wire()));
        step(
                steps,
                "quota_guard",
                "every_turn",
                false,
                "Every turn starts with should-run; work only when should_run=true and follow interaction_contract.",
                List.of(request.loopx(shouldRun.toArray(String[]::new))));

        step(
                steps,
                "scheduler_ack_when_needed",
                "when_needed",
                true,
                "Only when should-run's scheduler_hint.apply_needed=true: apply recommended_rrule on the host, then run "
                        + "scheduler_hint.ack_hint.cli_args (the values below come from that answer).",
                List.of(request.loopx(
                        "quota",
                        "scheduler-ack",
                        "--goal-id",
                        goalId,
                        "--agent-id",
                        agentId.isEmpty() ? "<AGENT>" : agentId,
                        "--applied-rrule",
                        "<RRULE>",
                        "--reset-token",
                        "<HEX16>",
                        "--identity-signature",
                        "<HEX12>",
                        "--execute")));
        return List.copyOf(steps);
    }

    private static void step(
            List<GoalStart.Step> steps,
            String name,
            String status,
            boolean writesWhenRun,
            String summary,
            List<CliCall> calls) {
        steps.add(new GoalStart.Step(name, status, writesWhenRun, summary, calls));
    }
}
