package dev.loopx.cli.lease;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.TransferLease;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "transfer",
        description = {
            "Hand the live lease you hold, and the claim with it, to another registered agent; the new",
            "holder's lease expires --ttl-minutes from now. Only the holder transfers, before expiry."
        },
        footer = {
            "",
            "Example:  loopx task-lease transfer --goal-id g --todo-id todo_0123456789ab --agent-id builder --to-agent-id reviewer"
        })
public final class TaskLeaseTransferCommand extends LeaseWriteCommand {
    @Option(
            names = "--to-agent-id",
            required = true,
            paramLabel = "ID",
            description = "The registered agent that takes the lease over.")
    String toAgentId;

    @Option(
            names = "--ttl-minutes",
            paramLabel = "N",
            defaultValue = "30",
            description = "How long the lease lives from now, 1-1440 minutes (default: ${DEFAULT-VALUE}).")
    String ttlMinutes;

    private int ttl;

    @Override
    protected String action() {
        return "transfer";
    }

    @Override
    protected void validate(CliContext context) {
        super.validate(context);
        IdOptions.requireId("--to-agent-id", toAgentId);
        ttl = ttl(ttlMinutes);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(
                invocation,
                options,
                new GoalWrite.Todo(new TransferLease(goalId, todoId, agentId, toAgentId, ttl, invocation.now())));
    }
}
