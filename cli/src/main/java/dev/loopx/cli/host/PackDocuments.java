package dev.loopx.cli.host;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.host.pack.Choice;
import dev.loopx.host.pack.CliCall;
import dev.loopx.host.pack.CommandPack;
import dev.loopx.host.pack.GoalStart;
import dev.loopx.host.pack.NextStep;
import dev.loopx.host.pack.PackRequest;
import dev.loopx.host.pack.ProjectSnapshot;
import dev.loopx.host.surface.HostSurface;
import dev.loopx.ledger.json.Json;
import java.util.List;

/**
 * The two read-only host documents of SPEC §S10, rendered from their result records:
 * {@code loopx_bootstrap_command_pack_v0} ({@link CommandPack}) and
 * {@code loopx_start_goal_plan_v0} ({@link GoalStart}). Every command in them appears twice: as
 * one POSIX shell line ({@code command}) and as its argument vector ({@code argv}).
 */
final class PackDocuments {
    static final String PACK_SCHEMA = "loopx_bootstrap_command_pack_v0";
    static final String PLAN_SCHEMA = "loopx_start_goal_plan_v0";

    private PackDocuments() {}

    static ObjectNode commandPack(CommandPack pack) {
        PackRequest request = pack.request();
        ObjectNode doc = CliContext.document(PACK_SCHEMA, true);
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
        doc.set("connection", connection(pack.snapshot()));
        doc.put("goal_id", pack.goalId());
        doc.put("agent_id", request.agentId());
        doc.set("recommended_next_step", nextStep(pack.nextStep(), request.cliBin()));
        return doc;
    }

    static ObjectNode startGoalPlan(GoalStart start) {
        PackRequest request = start.request();
        String cli = request.cliBin();
        ObjectNode doc = CliContext.document(PLAN_SCHEMA, start instanceof GoalStart.Plan);
        doc.put("guided", true);
        doc.put("writes_now", false);
        doc.put("project_label", request.projectLabel());
        doc.put("goal_text", request.goalText());
        doc.put("host_surface", request.hostSurface().map(HostSurface::wire).orElse(""));
        doc.set("connection", connection(start.snapshot()));
        switch (start) {
            case GoalStart.Gate gate -> {
                ObjectNode node = doc.putObject("gate");
                node.put("kind", gate.kind());
                node.put("summary", gate.summary());
                options(node, gate.options(), cli);
            }
            case GoalStart.Plan plan -> {
                doc.put("goal_id", plan.goalId());
                doc.put("agent_id", plan.agentId());
                doc.put("runtime_profile", plan.runtimeProfile().wire());
                ArrayNode planned = doc.putArray("planned_todos");
                for (int i = 0; i < plan.todos().size(); i++) {
                    GoalStart.PlannedWrite t = plan.todos().get(i);
                    planned.addObject()
                            .put("write_order", i + 1)
                            .put("priority", t.todo().priority())
                            .put("role", t.todo().role())
                            .put("task_class", t.todo().taskClass())
                            .put("text", t.todo().text())
                            .put("source", t.todo().source())
                            .put("todo_id", t.todoId());
                }
                ArrayNode steps = doc.putArray("steps");
                for (GoalStart.Step s : plan.steps()) {
                    ObjectNode step = steps.addObject();
                    step.put("order", steps.size());
                    step.put("step", s.step());
                    step.put("status", s.status());
                    step.put("writes_when_run", s.writesWhenRun());
                    step.put("summary", s.summary());
                    ArrayNode commands = step.putArray("commands");
                    s.commands().forEach(c -> commands.add(call(c, cli)));
                }
                doc.put(
                        "next_step",
                        "Show this plan to the user; after they confirm, run each step's commands in order. "
                                + "Nothing has been written.");
            }
        }
        return doc;
    }

    private static ObjectNode connection(ProjectSnapshot snapshot) {
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

    private static ObjectNode nextStep(NextStep next, String cli) {
        String kind = switch (next) {
            case NextStep.ConfirmBeforeBootstrapMutation c -> "confirm_before_bootstrap_mutation";
            case NextStep.GoalSelectionRequired g -> "goal_selection_required";
            case NextStep.GoalPlanWriteAndActivate p -> "goal_plan_write_and_activate";
            case NextStep.SelectAgentIdentity a -> "select_agent_identity";
            case NextStep.StatusAndLoopActivation s -> "status_and_loop_activation";
        };
        ObjectNode step = Json.object();
        step.put("kind", kind);
        step.put("summary", next.summary());
        step.put("command", next.command().line(cli));
        step.set("argv", Json.mapper().valueToTree(next.command().argv(cli)));
        switch (next) {
            case NextStep.ConfirmBeforeBootstrapMutation c -> {
                step.set("dry_run_command", call(c.dryRun(), cli));
                step.set("after_confirmation_command", call(c.afterConfirmation(), cli));
            }
            case NextStep.GoalSelectionRequired g -> options(step, g.options(), cli);
            case NextStep.GoalPlanWriteAndActivate p -> step.put("plan_before_write", true);
            case NextStep.SelectAgentIdentity a -> options(step, a.options(), cli);
            case NextStep.StatusAndLoopActivation s -> {
                if (s.activation().isEmpty()) {
                    step.put("goal_id_unknown_until_status", true);
                } else {
                    NextStep.Activation activation = s.activation().get();
                    ArrayNode commands = step.putArray("activation_commands");
                    activation.commands().forEach(c -> commands.add(call(c, cli)));
                    if (!activation.hostSurfaceGiven()) {
                        step.put("host_surface_required_for_activation", true);
                        step.set("host_surfaces", Json.mapper().valueToTree(HostSurface.wireNames()));
                    }
                    step.set("should_run_command", call(activation.shouldRun(), cli));
                }
            }
        }
        return step;
    }

    private static void options(ObjectNode parent, List<Choice> choices, String cli) {
        ArrayNode options = parent.putArray("options");
        for (Choice choice : choices) {
            options.addObject().put(choice.field(), choice.value()).set("command", call(choice.command(), cli));
        }
    }

    private static ObjectNode call(CliCall call, String cli) {
        ObjectNode node = Json.object();
        node.put("command", call.line(cli));
        node.set("argv", Json.mapper().valueToTree(call.argv(cli)));
        return node;
    }
}
