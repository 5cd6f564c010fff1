package dev.loopx.cli.lease;

import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TaskLeaseAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.DryRunCommand;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.NumberOptions;
import dev.loopx.commands.todo.TaskLeaseDecider;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import picocli.CommandLine.Option;

/**
 * Shared options and answer of the lease writes: {@code --todo-id}, the acting {@code --agent-id}
 * (always a registered agent: leases are an agent's), {@code --dry-run}, and the lease after the
 * write ({@code loopx_task_lease_v0}). Times are the invocation's clock ({@code --now} fixes it).
 */
abstract class LeaseWriteCommand extends DryRunCommand {
    @Option(names = "--todo-id", required = true, paramLabel = "ID", description = "The agent todo.")
    String todoId;

    @Option(
            names = "--agent-id",
            required = true,
            paramLabel = "ID",
            description = "The acting agent (registered on the goal; for renew, transfer and release the holder).")
    String agentId;

    @Override
    protected final String schemaVersion() {
        return "loopx_task_lease_v0";
    }

    /** {@code acquire}, {@code renew}, {@code transfer} or {@code release}. */
    protected abstract String action();

    @Override
    protected Actor actor() {
        return new Actor(ActorKind.AGENT, agentId);
    }

    @Override
    protected void validate(CliContext context) {
        IdOptions.requireTodoId(todoId);
        IdOptions.requireId("--agent-id", agentId);
    }

    /** {@code --ttl-minutes}: a whole number of minutes from 1 to 1440 (exit 2 otherwise). */
    static int ttl(String value) {
        return (int) NumberOptions.whole(
                "--ttl-minutes", value, TaskLeaseDecider.MIN_TTL_MINUTES, TaskLeaseDecider.MAX_TTL_MINUTES);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return TaskLeaseAnswer.written(head, action(), todoId, context.now());
    }
}
