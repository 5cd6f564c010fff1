package dev.loopx.cli.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TodoDeclareEmptyAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.DeclareEmpty;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "declare-empty",
        description = {
            "Say on purpose that a role has no todos (an explicitly empty section), so the goal's",
            "terminal state can be derived. Refused when the role already has todos."
        },
        footer = {"", "Example:  loopx todo declare-empty --goal-id g --role user"})
public final class TodoDeclareEmptyCommand extends TodoWriteCommand {
    @Option(names = "--role", required = true, paramLabel = "user|agent")
    String role;

    @Override
    protected String schemaVersion() {
        return "loopx_todo_declare_empty_v0";
    }

    @Override
    protected void validate(CliContext context) {
        TextOptions.oneOf("--role", role, "user", "agent");
        validateAgent();
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new TodoDeclareEmptyAnswer(head, role);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(invocation, options, new GoalWrite.Todo(new DeclareEmpty(goalId, role)));
    }
}
