package dev.loopx.cli.lease;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.support.CliContext;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.RenewLease;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "renew",
        description = {
            "Extend the live lease you hold: it then expires --ttl-minutes from now. Only the holder renews,",
            "and only before expiry (lease_not_held); take an expired lease again with task-lease acquire."
        },
        footer = {
            "",
            "Example:  loopx task-lease renew --goal-id g --todo-id todo_0123456789ab --agent-id builder --ttl-minutes 30"
        })
public final class TaskLeaseRenewCommand extends LeaseWriteCommand {
    @Option(
            names = "--ttl-minutes",
            paramLabel = "N",
            defaultValue = "30",
            description = "How long the lease lives from now, 1-1440 minutes (default: ${DEFAULT-VALUE}).")
    String ttlMinutes;

    private int ttl;

    @Override
    protected String action() {
        return "renew";
    }

    @Override
    protected void validate(CliContext context) {
        super.validate(context);
        ttl = ttl(ttlMinutes);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(
                invocation,
                options,
                new GoalWrite.Todo(new RenewLease(goalId, todoId, agentId, ttl, invocation.now())));
    }
}
