package dev.loopx.cli.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TodoWriteAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.ClaimTodo;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "claim",
        description = {
            "Take a soft claim on a todo before working on it. A claim is never stolen: a todo",
            "claimed by another agent is refused with claimed_by_other. Needs a registered --agent-id."
        },
        footer = {"", "Example:  loopx todo claim --goal-id g --todo-id todo_0123456789ab --agent-id builder"})
public final class TodoClaimCommand extends TodoWriteCommand {
    @Option(names = "--todo-id", required = true, paramLabel = "ID")
    String todoId;

    /** The command with its values set (an MCP {@code claim_task}); an empty agent is none. */
    public static TodoClaimCommand forLane(String goalId, String agentId, String todoId) {
        TodoClaimCommand c = new TodoClaimCommand();
        c.goalId = goalId;
        c.agentId = agentId.isEmpty() ? null : agentId;
        c.todoId = todoId;
        return c;
    }

    @Override
    protected String schemaVersion() {
        return "loopx_todo_claim_v0";
    }

    @Override
    protected void validate(CliContext context) {
        IdOptions.requireTodoId(todoId);
        if (agentId == null) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS, "todo claim needs --agent-id (the agent taking the claim)");
        }
        validateAgent();
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new TodoWriteAnswer(head, todoId);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(
                invocation, options, new GoalWrite.Todo(new ClaimTodo(goalId, todoId, agentId, invocation.now())));
    }
}
