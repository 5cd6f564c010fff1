package dev.loopx.cli.lease;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.ReleaseLease;
import io.vavr.control.Either;
import picocli.CommandLine.Command;

@Command(
        name = "release",
        description = {
            "Give up the lease you hold: the lease and the claim it carried end, so the todo is free for",
            "any lane. Only the holder releases (lease_not_held)."
        },
        footer = {"", "Example:  loopx task-lease release --goal-id g --todo-id todo_0123456789ab --agent-id builder"})
public final class TaskLeaseReleaseCommand extends LeaseWriteCommand {
    @Override
    protected String action() {
        return "release";
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(
                invocation, options, new GoalWrite.Todo(new ReleaseLease(goalId, todoId, agentId, invocation.now())));
    }
}
