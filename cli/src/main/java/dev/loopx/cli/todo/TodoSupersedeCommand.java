package dev.loopx.cli.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TodoWriteAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.SupersedeTodo;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "supersede",
        description = {
            "Retire a todo in favour of a replacement agent todo (same append). The replacement",
            "inherits claimed_by, blocks_agent and unblocks_todo_id."
        },
        footer = {
            "",
            "Example:  loopx todo supersede --goal-id g --todo-id todo_0123456789ab --agent-id builder \\",
            "            --reason \"split in two\" --next-agent-todo \"Import the CSV files first\""
        })
public final class TodoSupersedeCommand extends TodoWriteCommand {
    @Option(names = "--todo-id", required = true, paramLabel = "ID")
    String todoId;

    @Option(names = "--reason", required = true, paramLabel = "TEXT")
    String reason;

    @Option(names = "--next-agent-todo", required = true, paramLabel = "TEXT")
    String nextAgentTodo;

    @Override
    protected String schemaVersion() {
        return "loopx_todo_supersede_v0";
    }

    @Override
    protected void validate(CliContext context) {
        IdOptions.requireTodoId(todoId);
        validateAgent();
        TextOptions.requirePublic("--reason", reason, true);
        TextOptions.requirePublic("--next-agent-todo", nextAgentTodo, true);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new TodoWriteAnswer(head, todoId);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(
                invocation,
                options,
                new GoalWrite.Todo(new SupersedeTodo(goalId, todoId, orEmpty(agentId), reason, nextAgentTodo)));
    }
}
