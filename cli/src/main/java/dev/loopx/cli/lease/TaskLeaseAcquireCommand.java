package dev.loopx.cli.lease;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.support.CliContext;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.AcquireLease;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "acquire",
        description = {
            "Take a hard lease on an open agent todo: your claim on it, or the free todo, becomes a lease that",
            "expires after --ttl-minutes. Refused while another agent claims the todo or holds a live lease",
            "(claimed_by_other, leased_by_other); a todo whose lease expired is free, so you may take it."
        },
        footer = {
            "",
            "Example:  loopx task-lease acquire --goal-id g --todo-id todo_0123456789ab --agent-id builder --ttl-minutes 30"
        })
public final class TaskLeaseAcquireCommand extends LeaseWriteCommand {
    @Option(
            names = "--ttl-minutes",
            paramLabel = "N",
            defaultValue = "30",
            description = "How long the lease lives from now, 1-1440 minutes (default: ${DEFAULT-VALUE}).")
    String ttlMinutes;

    private int ttl;

    @Override
    protected String action() {
        return "acquire";
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
                new GoalWrite.Todo(new AcquireLease(goalId, todoId, agentId, ttl, invocation.now())));
    }
}
