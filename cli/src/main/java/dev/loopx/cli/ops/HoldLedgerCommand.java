package dev.loopx.cli.ops;

import dev.loopx.application.composition.Composition;
import dev.loopx.cli.render.DebugHoldLedgerAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.ledger.remote.HeadHolder;
import picocli.CommandLine.Command;

/**
 * Runs as the head holder of the runtime root's server ledger (ADR 0009): started in the background
 * by a heartbeat read that found none, it answers the heads of later ones until it idles out
 * ({@code LOOPX_LEDGER_HOLDER_IDLE_SECONDS}, default 900), the runtime root names another ledger, or
 * its server session is lost. Prints what ended it (its starter discards that); ok=false (exit 1)
 * when it never served: another holder has the address, it could not log in or listen, or the
 * runtime root has no server ledger.
 */
@Command(name = "hold-ledger", description = "Serve the server ledger's head to this machine's heartbeat reads.")
public final class HoldLedgerCommand extends LoopxSubcommand {
    @Override
    protected int execute(CliContext context) {
        HeadHolder.Ended ended = Composition.holdServerHead(context.invocation());
        return context.emit(new DebugHoldLedgerAnswer(ended));
    }
}
