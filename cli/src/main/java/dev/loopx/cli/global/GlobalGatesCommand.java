package dev.loopx.cli.global;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.GoalStatus;
import dev.loopx.projections.query.TodoBrief;
import picocli.CommandLine.Command;

/** {@code loopx global-gates} ({@code loopx_global_gates_v0}): every open user gate of every project, with its question. */
@Command(name = "global-gates",
        description = {"Every open owner gate across the projects in projects.json, with its question and scope.",
            "Read-only: it cannot approve anything (use loopx todo complete in the project)."},
        footer = {"", "Example:  loopx global-gates"})
public final class GlobalGatesCommand extends GlobalCommand {
    @Override
    protected String schemaVersion() {
        return "loopx_global_gates_v0";
    }

    @Override
    protected void read(ProjectScan.Project project, ObjectNode into, CliContext context) {
        ArrayNode gates = into.putArray("gates");
        for (GoalState s : project.goals()) {
            GoalStatus.openGates(s, "").forEach(t -> gates.add(TodoBrief.gate(t).put("goal_id", s.goal().goalId())));
        }
    }

    @Override
    protected void totals(ObjectNode doc, ProjectScan.Result result) {
        doc.put("gate_count", result.projects().stream().mapToInt(p -> p.path("gates").size()).sum());
    }
}
