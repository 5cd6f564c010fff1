package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.pack.CliCall;
import dev.loopx.host.pack.GoalStart;
import dev.loopx.host.pack.PackRequest;
import dev.loopx.host.surface.HostSurface;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx start-goal --guided}'s answer, {@code loopx_start_goal_plan_v0} (SPEC §S10), from
 * {@link GoalStart}: the ordered plan ({@code writes_now=false}), or the one choice it waits for
 * (ok=false). Every command in it appears as one POSIX shell line and as its argument vector.
 *
 * <p>Its text says nothing was written, then the planned todos, the steps and the commands of the
 * pending steps as they paste; a gate names the choice and its commands.
 */
public record StartGoalPlanAnswer(GoalStart start) implements RenderedAnswer {
    static final String SCHEMA = "loopx_start_goal_plan_v0";

    public StartGoalPlanAnswer {
        Objects.requireNonNull(start, "start");
    }

    @Override
    public boolean ok() {
        return start instanceof GoalStart.Plan;
    }

    @Override
    public ObjectNode json() {
        PackRequest request = start.request();
        String cli = request.cliBin();
        ObjectNode doc = Documents.answer(SCHEMA, ok());
        doc.put("guided", true);
        doc.put("writes_now", false);
        doc.put("project_label", request.projectLabel());
        doc.put("goal_text", request.goalText());
        doc.put("host_surface", hostSurface(request));
        doc.set("connection", HostText.connection(start.snapshot()));
        switch (start) {
            case GoalStart.Gate gate -> {
                ObjectNode node = doc.putObject("gate");
                node.put("kind", gate.kind());
                node.put("summary", gate.summary());
                HostText.options(node, gate.options(), cli);
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
                    s.commands().forEach(c -> commands.add(HostText.call(c, cli)));
                }
                doc.put(
                        "next_step",
                        "Show this plan to the user; after they confirm, run each step's commands in order. "
                                + "Nothing has been written.");
            }
        }
        return doc;
    }

    private static String hostSurface(PackRequest request) {
        return request.hostSurface().map(HostSurface::wire).orElse("");
    }

    void text(PrintWriter out) {
        String goal = Words.quoted(start.request().goalText());
        switch (start) {
            case GoalStart.Gate gate -> {
                out.println("start goal " + goal + ": " + HostText.lowerFirst(gate.summary()) + " (nothing written)");
                new Lines(out)
                        .add(
                                "choose",
                                HostText.choices(gate.options(), start.request().cliBin()))
                        .print();
            }
            case GoalStart.Plan plan -> plan(plan, goal, out);
        }
    }

    private static void plan(GoalStart.Plan plan, String goal, PrintWriter out) {
        String cli = plan.request().cliBin();
        out.println("plan to start goal " + goal + " on goal " + plan.goalId() + " as " + plan.agentId() + " ("
                + hostSurface(plan.request()) + "; nothing written yet)");
        List<String> todos = new ArrayList<>();
        for (GoalStart.PlannedWrite t : plan.todos()) {
            todos.add(t.todo().priority() + "  " + Words.quoted(t.todo().text()));
        }
        List<String> steps = new ArrayList<>();
        List<String> commands = new ArrayList<>();
        int order = 1;
        for (GoalStart.Step s : plan.steps()) {
            steps.add(order++ + ". " + s.step().replace('_', ' ') + ": "
                    + s.status().replace('_', ' '));
            if (s.status().equals("pending")) {
                for (CliCall c : s.commands()) {
                    commands.add(Words.pasteable(c.line(cli)));
                }
            }
        }
        new Lines(out)
                .add("todos", todos)
                .add("steps", steps)
                .add("run", HostText.limited(commands))
                .print();
    }
}
