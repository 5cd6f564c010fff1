package dev.loopx.host.pack;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.surface.HostSurface;
import dev.loopx.ledger.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code loopx_bootstrap_command_pack_v0} (SPEC §S10): what {@code /loopx} shows before anything
 * happens. Pure: a function of the request and a {@link ProjectSnapshot}; it decides exactly one
 * {@code recommended_next_step} and always names the CLI command a host plugin should call.
 *
 * <p>Precedence (first match wins): not connected and no goal text →
 * {@code confirm_before_bootstrap_mutation}; several goals and none chosen (or an unknown one) →
 * {@code goal_selection_required}; goal text → {@code goal_plan_write_and_activate}; several
 * agents and none chosen (or an unknown one) → {@code select_agent_identity}; otherwise
 * {@code status_and_loop_activation}. Goal text on a project that is not connected still plans
 * first: the guided start's first step is {@code connect_if_needed}.
 */
public final class BootstrapCommandPack {
    public static final String SCHEMA = "loopx_bootstrap_command_pack_v0";

    private BootstrapCommandPack() {}

    public static ObjectNode of(PackRequest request, ProjectSnapshot snapshot) {
        ObjectNode doc = Json.object();
        doc.put("schema_version", SCHEMA);
        doc.put("ok", true);
        doc.put("read_only", true);
        ObjectNode safety = doc.putObject("safety_contract");
        for (String flag :
                List.of("runs_bootstrap", "writes_registry", "writes_state", "creates_heartbeat", "spends_quota")) {
            safety.put(flag, false);
        }
        doc.put("project_label", request.projectLabel());
        doc.put("host_surface", request.hostSurface().map(HostSurface::wire).orElse(""));
        doc.put("cli_bin", request.cliBin());
        if (!request.goalText().isEmpty()) {
            doc.put("goal_text", request.goalText());
        }
        doc.set("connection", connection(snapshot));
        Optional<ProjectSnapshot.Goal> goal = selectedGoal(request, snapshot);
        doc.put("goal_id", goal.map(ProjectSnapshot.Goal::goalId).orElse(request.goalId()));
        doc.put("agent_id", request.agentId());
        doc.set("recommended_next_step", nextStep(request, snapshot, goal));
        return doc;
    }

    static ObjectNode connection(ProjectSnapshot snapshot) {
        ObjectNode c = Json.object();
        c.put("connected", snapshot.connected());
        c.put("state_current", snapshot.stateCurrent());
        c.put("goal_count", snapshot.goals().size());
        ArrayNode goals = c.putArray("goals");
        for (ProjectSnapshot.Goal g : snapshot.goals()) {
            ObjectNode node = goals.addObject();
            node.put("goal_id", g.goalId());
            node.put("lifecycle", g.stopped() ? "stopped" : "active");
            node.set("agent_ids", Json.mapper().valueToTree(g.agentIds()));
            node.put("open_agent_todos", g.openAgentTodos());
        }
        return c;
    }

    /** The goal the request means: the named one, else the only one. */
    static Optional<ProjectSnapshot.Goal> selectedGoal(PackRequest request, ProjectSnapshot snapshot) {
        if (!request.goalId().isEmpty()) {
            return snapshot.goal(request.goalId());
        }
        return snapshot.goals().size() == 1 ? Optional.of(snapshot.goals().getFirst()) : Optional.empty();
    }

    private static ObjectNode nextStep(
            PackRequest request, ProjectSnapshot snapshot, Optional<ProjectSnapshot.Goal> goal) {
        String cli = request.cliBin();
        boolean goalText = !request.goalText().isEmpty();
        if (!snapshot.connected() && !goalText) {
            String goalId = request.goalId().isEmpty() ? request.defaultGoalId() : request.goalId();
            ObjectNode step = step(
                    "confirm_before_bootstrap_mutation",
                    "This project is not connected to LoopX. Show the dry run, ask the user, and connect only after they confirm.",
                    request.connect(goalId, true),
                    cli);
            step.set("dry_run_command", request.connect(goalId, true).toJson(cli));
            step.set(
                    "after_confirmation_command", request.connect(goalId, false).toJson(cli));
            return step;
        }
        if (snapshot.connected()
                && snapshot.stateCurrent()
                && goal.isEmpty()
                && !snapshot.goals().isEmpty()) {
            ObjectNode step = step(
                    "goal_selection_required",
                    request.goalId().isEmpty()
                            ? "Several goals live in this runtime root; choose one and ask again with --goal-id."
                            : "The chosen goal is not registered here; choose one of the listed goals.",
                    request.loopx("status"),
                    cli);
            ArrayNode options = step.putArray("options");
            for (ProjectSnapshot.Goal g : snapshot.goals()) {
                options.addObject()
                        .put("goal_id", g.goalId())
                        .set(
                                "command",
                                packAgain(request, g.goalId(), request.agentId())
                                        .toJson(cli));
            }
            return step;
        }
        String goalId = goal.map(ProjectSnapshot.Goal::goalId)
                .orElse(request.goalId().isEmpty() ? request.defaultGoalId() : request.goalId());
        if (goalText) {
            ObjectNode step = step(
                    "goal_plan_write_and_activate",
                    "Goal text was given: preview the guided start (todos are planned before anything is written), "
                            + "show it to the user, then run its steps in order.",
                    StartGoalPlan.command(request, goalId),
                    cli);
            step.put("plan_before_write", true);
            return step;
        }
        List<String> agents = goal.map(ProjectSnapshot.Goal::agentIds).orElse(List.of());
        boolean agentUnknown =
                !request.agentId().isEmpty() && snapshot.stateCurrent() && !agents.contains(request.agentId());
        if (agents.size() > 1 && request.agentId().isEmpty() || agentUnknown) {
            ObjectNode step = step(
                    "select_agent_identity",
                    agentUnknown
                            ? "The chosen agent is not registered on this goal; choose a registered agent."
                            : "Several agents are registered on this goal; choose the one this host runs as.",
                    request.loopx("status", "--goal-id", goalId),
                    cli);
            ArrayNode options = step.putArray("options");
            for (String a : agents) {
                options.addObject()
                        .put("agent_id", a)
                        .set("command", packAgain(request, goalId, a).toJson(cli));
            }
            return step;
        }
        return statusAndActivation(request, snapshot, goalId, goal, cli);
    }

    private static ObjectNode statusAndActivation(
            PackRequest request,
            ProjectSnapshot snapshot,
            String goalId,
            Optional<ProjectSnapshot.Goal> goal,
            String cli) {
        String agentId = !request.agentId().isEmpty()
                ? request.agentId()
                : goal.map(g -> g.agentIds().size() == 1 ? g.agentIds().getFirst() : "")
                        .orElse("");
        boolean goalKnown = snapshot.stateCurrent() || !request.goalId().isEmpty();
        List<String> status = new ArrayList<>(goalKnown ? List.of("status", "--goal-id", goalId) : List.of("status"));
        if (!agentId.isEmpty()) {
            status.addAll(List.of("--agent-id", agentId));
        }
        ObjectNode step = step(
                "status_and_loop_activation",
                snapshot.stateCurrent()
                        ? "Connected. Read status first, then activate the host loop (should-run decides every turn)."
                        : "Connected, but the read models are behind the ledger; loopx status brings them up to date and answers.",
                request.loopx(status.toArray(String[]::new)),
                cli);
        if (!goalKnown) {
            step.put("goal_id_unknown_until_status", true);
            return step;
        }
        ArrayNode activation = step.putArray("activation_commands");
        if (request.hostSurface().isPresent()) {
            LoopActivation.of(request.hostSurface().get(), goalId, agentId, request.runtime())
                    .forEach(c -> activation.add(c.toJson(cli)));
        } else {
            step.put("host_surface_required_for_activation", true);
            step.set("host_surfaces", Json.mapper().valueToTree(HostSurface.wireNames()));
        }
        List<String> shouldRun = new ArrayList<>(List.of("quota", "should-run", "--goal-id", goalId));
        if (!agentId.isEmpty()) {
            shouldRun.addAll(List.of("--agent-id", agentId));
        }
        shouldRun.addAll(List.of(
                "--runtime-profile",
                request.hostSurface().map(HostSurface::runtimeProfile).orElse("generic_cli")));
        step.set(
                "should_run_command",
                request.loopx(shouldRun.toArray(String[]::new)).toJson(cli));
        return step;
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

    static ObjectNode step(String kind, String summary, CliCall command, String cli) {
        ObjectNode step = Json.object();
        step.put("kind", kind);
        step.put("summary", summary);
        step.put("command", command.line(cli));
        step.set("argv", Json.mapper().valueToTree(command.argv(cli)));
        return step;
    }
}
