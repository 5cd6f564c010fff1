package dev.loopx.cli.global;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ProjectDigests;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.cli.render.TodoParts;
import dev.loopx.cli.support.CliContext;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code loopx global-gates} ({@code loopx_global_gates_v0}): every open user gate of every project, with its question. */
@Command(
        name = "global-gates",
        description = {
            "Every open owner gate across the projects in projects.json, with its question and scope.",
            "Read-only: it cannot approve anything (use loopx todo complete in the project)."
        },
        footer = {"", "Example:  loopx global-gates"})
public final class GlobalGatesCommand extends GlobalCommand {
    @Override
    protected String schemaVersion() {
        return "loopx_global_gates_v0";
    }

    @Override
    protected void read(ScanProjects.Project project, ObjectNode into, CliContext context) {
        ArrayNode gates = into.putArray("gates");
        ProjectDigests.gates(project)
                .forEach(g -> gates.add(TodoParts.gate(g.gate()).put("goal_id", g.goalId())));
    }

    @Override
    protected void totals(ObjectNode doc, List<ObjectNode> projects) {
        doc.put(
                "gate_count",
                projects.stream().mapToInt(p -> p.path("gates").size()).sum());
    }
}
