package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.pack.Choice;
import dev.loopx.host.pack.CommandPack;
import dev.loopx.host.pack.NextStep;
import dev.loopx.host.pack.PackRequest;
import dev.loopx.host.pack.ProjectSnapshot;
import dev.loopx.host.surface.HostSurface;
import dev.loopx.ledger.json.Json;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx bootstrap-command-pack}'s answer, {@code loopx_bootstrap_command_pack_v0} (SPEC
 * §S10), from {@link CommandPack}: strictly read-only (its {@code safety_contract} says so), the
 * project's connection, and the one command the host calls next, as a POSIX shell line and as its
 * argument vector.
 *
 * <p>Its text says whether the project is connected (read only, nothing written), lists its goals
 * and gives the next step with the commands to paste.
 */
public record CommandPackAnswer(CommandPack pack) implements RenderedAnswer {
    static final String SCHEMA = "loopx_bootstrap_command_pack_v0";

    public CommandPackAnswer {
        Objects.requireNonNull(pack, "pack");
    }

    @Override
    public ObjectNode json() {
        PackRequest request = pack.request();
        ObjectNode doc = Documents.answer(SCHEMA, true);
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
        doc.set("connection", HostText.connection(pack.snapshot()));
        doc.put("goal_id", pack.goalId());
        doc.put("agent_id", request.agentId());
        doc.set("recommended_next_step", nextStep(pack.nextStep(), request.cliBin()));
        return doc;
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
        step.set("argv", HostText.strings(next.command().argv(cli)));
        switch (next) {
            case NextStep.ConfirmBeforeBootstrapMutation c -> {
                step.set("dry_run_command", HostText.call(c.dryRun(), cli));
                step.set("after_confirmation_command", HostText.call(c.afterConfirmation(), cli));
            }
            case NextStep.GoalSelectionRequired g -> HostText.options(step, g.options(), cli);
            case NextStep.GoalPlanWriteAndActivate p -> step.put("plan_before_write", true);
            case NextStep.SelectAgentIdentity a -> HostText.options(step, a.options(), cli);
            case NextStep.StatusAndLoopActivation s -> {
                if (s.activation().isEmpty()) {
                    step.put("goal_id_unknown_until_status", true);
                } else {
                    NextStep.Activation activation = s.activation().get();
                    ArrayNode commands = step.putArray("activation_commands");
                    activation.commands().forEach(c -> commands.add(HostText.call(c, cli)));
                    if (!activation.hostSurfaceGiven()) {
                        step.put("host_surface_required_for_activation", true);
                        step.set("host_surfaces", HostText.strings(HostSurface.wireNames()));
                    }
                    step.set("should_run_command", HostText.call(activation.shouldRun(), cli));
                }
            }
        }
        return step;
    }

    void text(PrintWriter out) {
        PackRequest request = pack.request();
        String where = "project " + request.projectLabel();
        if (!pack.snapshot().connected()) {
            out.println(where + ": not connected to LoopX yet (read only, nothing written)");
        } else {
            out.println(where + ": connected · goal " + pack.goalId()
                    + (request.agentId().isEmpty() ? "" : " · agent " + request.agentId())
                    + " (read only, nothing written)");
        }
        List<String> goals = new ArrayList<>();
        for (ProjectSnapshot.Goal g : pack.snapshot().goals()) {
            goals.add(g.goalId() + "  " + HostText.lifecycle(g) + " · agents " + String.join(", ", g.agentIds()) + " · "
                    + Words.count(g.openAgentTodos(), "open agent todo"));
        }
        NextStep next = pack.nextStep();
        List<String> run = new ArrayList<>(HostText.choices(options(next), request.cliBin()));
        if (run.isEmpty()) {
            run.add(Words.pasteable(next.command().line(request.cliBin())));
        }
        new Lines(out)
                .add("goals", goals)
                .add("next", next.summary())
                .add("run", run)
                .print();
    }

    /** The choices the next step waits for; none when it names one command. */
    private static List<Choice> options(NextStep next) {
        return switch (next) {
            case NextStep.GoalSelectionRequired g -> g.options();
            case NextStep.SelectAgentIdentity a -> a.options();
            default -> List.of();
        };
    }
}
