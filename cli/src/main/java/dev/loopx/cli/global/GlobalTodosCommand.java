package dev.loopx.cli.global;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.Lanes;
import dev.loopx.projections.query.TodoBrief;
import dev.loopx.projections.query.TodoRules;
import picocli.CommandLine.Command;

/**
 * {@code loopx global-todos} ({@code loopx_global_todos_v0}): per project and goal the next agent
 * todo per lane and the open todos in {@link TodoRules#ORDER}.
 */
@Command(name = "global-todos",
        description = {"Open todos across the projects in projects.json: per goal the next agent todo per lane and",
            "every open todo by priority. Read-only."},
        footer = {"", "Example:  loopx global-todos"})
public final class GlobalTodosCommand extends GlobalCommand {
    @Override
    protected String schemaVersion() {
        return "loopx_global_todos_v0";
    }

    @Override
    protected void read(ProjectScan.Project project, ObjectNode into, CliContext context) {
        ArrayNode goals = into.putArray("goals");
        for (GoalState s : project.goals()) {
            ObjectNode g = goals.addObject().put("goal_id", s.goal().goalId());
            g.set("next_agent_todo", Lanes.toJson(s, "", context.now()));
            ArrayNode open = g.putArray("open_todos");
            s.openTodos().stream().filter(TodoRules::open).sorted(TodoRules.ORDER).forEach(t -> open.add(TodoBrief.of(t)));
        }
    }

    @Override
    protected void totals(ObjectNode doc, ProjectScan.Result result) {
        int open = 0;
        for (ObjectNode p : result.projects()) {
            for (var g : p.path("goals")) {
                open += g.path("open_todos").size();
            }
        }
        doc.put("open_todo_count", open);
    }
}
