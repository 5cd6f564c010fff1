package dev.loopx.cli.quota;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.QuotaSpendAnswer;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.PreviewFirstCommand;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.quota.QuotaCommands.SpendSlot;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "spend-slot",
        description = {
            "Spend quota for the latest accountable writeback (refresh-state with outcome_progress or",
            "primary_goal_outcome) that is not spent yet. Preview by default; --execute appends exactly one",
            "quota.slot_spent. A second spend for the same writeback is refused (writeback_already_spent)."
        },
        footer = {"", "Example:  loopx quota spend-slot --goal-id g --agent-id builder --execute"})
public final class SpendSlotCommand extends PreviewFirstCommand {
    @Option(names = "--agent-id", paramLabel = "ID", description = "Spend for this agent's latest writeback.")
    String agentId;

    @Option(names = "--slots", paramLabel = "N", description = "Slots to spend (default 1, at most 1440).")
    int slots = 1;

    @Override
    protected String schemaVersion() {
        return "loopx_quota_spend_v0";
    }

    @Override
    protected void validate(CliContext context) {
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        if (slots < 1 || slots > 1440) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, "--slots must be a whole number from 1 to 1440");
        }
    }

    @Override
    protected Actor actor() {
        return agentId == null ? new Actor(ActorKind.HOST, "cli") : new Actor(ActorKind.AGENT, agentId);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new QuotaSpendAnswer(head, slots);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(invocation, options, new GoalWrite.Quota(new SpendSlot(goalId, orEmpty(agentId), slots)));
    }
}
