package dev.loopx.cli.quota;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.QuotaVoidAnswer;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.PreviewFirstCommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.quota.QuotaCommands.VoidSlot;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "void-slot",
        description = {
            "Cancel a spend with a compensating quota.slot_voided (the spend stays in the ledger).",
            "Its writeback may then be spent again. Preview by default."
        },
        footer = {
            "",
            "Example:  loopx quota void-slot --goal-id g --spent-seq 42 --reason-summary \"spent twice by mistake\" --execute"
        })
public final class VoidSlotCommand extends PreviewFirstCommand {
    @Option(
            names = "--spent-seq",
            required = true,
            paramLabel = "SEQ",
            description = "The seq of the quota.slot_spent event.")
    long spentSeq;

    @Option(names = "--reason-summary", required = true, paramLabel = "TEXT")
    String reasonSummary;

    @Override
    protected String schemaVersion() {
        return "loopx_quota_void_v0";
    }

    @Override
    protected void validate(CliContext context) {
        if (spentSeq < 1) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, "--spent-seq must be a seq (>= 1)");
        }
        TextOptions.requirePublic("--reason-summary", reasonSummary, true);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new QuotaVoidAnswer(head, spentSeq);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(invocation, options, new GoalWrite.Quota(new VoidSlot(goalId, spentSeq, reasonSummary)));
    }
}
