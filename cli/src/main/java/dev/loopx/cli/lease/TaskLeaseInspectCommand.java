package dev.loopx.cli.lease;

import dev.loopx.application.todo.InspectLease;
import dev.loopx.cli.render.TaskLeaseAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TheOnlyGoalByDefault;
import dev.loopx.projections.todo.TodoView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "inspect",
        description = {
            "Show a todo's lease now (read-only): lease_state none, live or expired, the holder and when it",
            "expires. An expired lease frees the todo for others."
        },
        footer = {"", "Example:  loopx task-lease inspect --goal-id g --todo-id todo_0123456789ab"})
public final class TaskLeaseInspectCommand extends LoopxSubcommand implements TheOnlyGoalByDefault {
    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal. " + TheOnlyGoalByDefault.HELP)
    String goalId;

    @Option(names = "--todo-id", required = true, paramLabel = "ID", description = "The todo.")
    String todoId;

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        IdOptions.requireTodoId(todoId);
        TodoView todo = InspectLease.run(context.invocation(), new InspectLease.Request(goalId, todoId))
                .getOrElseThrow(CliError::of);
        return context.emit(TaskLeaseAnswer.inspected(goalId, todoId, todo, context.now()));
    }
}
