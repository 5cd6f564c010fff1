package dev.loopx.cli.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TodoReclaimAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.PreviewFirstCommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.ReclaimTodo;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "reclaim",
        description = {
            "Take a stale claim back from the agent holding it: the todo is free again and its claim",
            "epoch goes up by one. That agent's later writes naming the todo are refused with",
            "claim_epoch_mismatch until it claims the todo again, and its next should-run says why.",
            "Only the owner or a controller may (--actor-kind, default owner); never an agent on its own.",
            "Shows a preview unless --execute is given."
        },
        footer = {
            "",
            "Example:  loopx todo reclaim --goal-id g --todo-id todo_0123456789ab --reason \"lane silent since Monday\""
                    + " --execute"
        })
public final class TodoReclaimCommand extends PreviewFirstCommand {
    @Option(names = "--todo-id", required = true, paramLabel = "ID")
    String todoId;

    @Option(names = "--reason", required = true, paramLabel = "TEXT", description = "Why the claim is taken back.")
    String reason;

    @Option(names = "--actor-kind", paramLabel = "owner|controller", description = "Who takes it back (default owner).")
    String actorKind = "owner";

    @Override
    protected String schemaVersion() {
        return "loopx_todo_reclaim_v0";
    }

    @Override
    protected void validate(CliContext context) {
        IdOptions.requireTodoId(todoId);
        TextOptions.oneOf("--actor-kind", actorKind, "owner", "controller");
        TextOptions.requirePublic("--reason", reason, true);
    }

    private ActorKind kind() {
        return ActorKind.fromWire(actorKind).orElseThrow();
    }

    @Override
    protected Actor actor() {
        return new Actor(kind(), "cli");
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new TodoReclaimAnswer(head, todoId);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(invocation, options, new GoalWrite.Todo(new ReclaimTodo(goalId, todoId, reason, kind())));
    }
}
