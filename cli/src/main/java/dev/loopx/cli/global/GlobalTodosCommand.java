package dev.loopx.cli.global;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ProjectDigests;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.cli.render.LanesDocument;
import dev.loopx.cli.render.TodoParts;
import dev.loopx.cli.support.CliContext;
import java.util.List;
import picocli.CommandLine.Command;

/**
 * {@code loopx global-todos} ({@code loopx_global_todos_v0}): per project and goal the next agent
 * todo per lane and the open todos in priority order.
 */
@Command(
        name = "global-todos",
        description = {
            "Open todos across the projects in projects.json: per goal the next agent todo per lane and",
            "every open todo by priority. Read-only."
        },
        footer = {"", "Example:  loopx global-todos"})
public final class GlobalTodosCommand extends GlobalCommand {
    @Override
    protected String schemaVersion() {
        return "loopx_global_todos_v0";
    }

    @Override
    protected void read(ScanProjects.Project project, ObjectNode into, CliContext context) {
        ArrayNode goals = into.putArray("goals");
        for (ProjectDigests.GoalTodos t : ProjectDigests.todos(project, context.now())) {
            ObjectNode g = goals.addObject().put("goal_id", t.goalId());
            g.set("next_agent_todo", LanesDocument.of(t.nextAgentTodo()));
            ArrayNode open = g.putArray("open_todos");
            t.openTodos().forEach(todo -> open.add(TodoParts.brief(todo)));
        }
    }

    @Override
    protected void totals(ObjectNode doc, List<ObjectNode> projects) {
        int open = 0;
        for (ObjectNode p : projects) {
            for (var g : p.path("goals")) {
                open += g.path("open_todos").size();
            }
        }
        doc.put("open_todo_count", open);
    }
}
