package dev.loopx.cli.global;

import dev.loopx.application.project.ProjectDigests;
import dev.loopx.application.project.ProjectDigests.GoalTodos;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.cli.render.GlobalTodosAnswer;
import dev.loopx.cli.render.RenderedAnswer;
import java.time.Instant;
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
public final class GlobalTodosCommand extends GlobalCommand<List<GoalTodos>> {
    @Override
    protected List<GoalTodos> read(ScanProjects.Project project, Instant now) {
        return ProjectDigests.todos(project, now);
    }

    @Override
    protected RenderedAnswer answer(Instant now, ScanProjects.Scan<List<GoalTodos>> scan) {
        return new GlobalTodosAnswer(now, scan);
    }
}
