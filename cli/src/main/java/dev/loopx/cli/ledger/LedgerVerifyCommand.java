package dev.loopx.cli.ledger;

import dev.loopx.application.ledger.VerifyLedger;
import dev.loopx.cli.render.LedgerVerifyAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.ProgressLine;
import picocli.CommandLine.Command;

@Command(
        name = "verify",
        description = {
            "Check the whole ledger: dense seq from 1, the hash chain, every hash and event_id, every",
            "payload decodable, and no acknowledged tail missing. Exit 1 and the first bad seq when not."
        })
public final class LedgerVerifyCommand extends LoopxSubcommand {
    @Override
    protected int execute(CliContext context) {
        return context.emit(answer(context));
    }

    /** {@code loopx ledger verify} as a function, shared by the command and the dashboard: one {@link VerifyLedger} call, its record. */
    public static LedgerVerifyAnswer answer(CliContext context) {
        return new LedgerVerifyAnswer(VerifyLedger.run(context.invocation(), ProgressLine.of(context, "verify")));
    }
}
