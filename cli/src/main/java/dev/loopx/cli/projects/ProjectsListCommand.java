package dev.loopx.cli.projects;

import dev.loopx.application.project.ListProjects;
import dev.loopx.cli.render.ProjectsListAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import picocli.CommandLine.Command;

/** {@code loopx projects list} ({@code loopx_projects_list_v0}): one {@link ListProjects} call. */
@Command(
        name = "list",
        description = {
            "Every project recorded in $LOOPX_HOME/projects.json, by label: whether its runtime root is",
            "still there and, when it can be read, how many goals it holds. Read-only."
        },
        footer = {"", "Example:  loopx projects list"})
public final class ProjectsListCommand extends LoopxSubcommand {
    @Override
    protected int execute(CliContext context) {
        // about the LoopX home's index, not one runtime root (--runtime-root is not resolved)
        return context.emit(new ProjectsListAnswer(ListProjects.run(context.invocation(context.loopxHome()))));
    }
}
