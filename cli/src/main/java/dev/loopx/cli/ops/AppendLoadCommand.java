package dev.loopx.cli.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.RejectionHints;
import dev.loopx.commands.Decision;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.event.GoalConfigured;
import java.math.BigDecimal;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs COUNT complete write transactions (lock, catch up, decide, append, apply, release) of
 * {@code goal.configured} events, printing {@code ack <seq>} on stderr after each acknowledged
 * append. Used by the multi-process and kill -9 tests and by the benchmarks. The document reports
 * {@code max_write_ms}, the slowest single write transaction (lock wait, catch-up, append, fsync,
 * apply; the journal and store are opened before timing), so tests can time an append apart
 * from JVM start-up.
 */
@Command(name = "append-load", description = "Append COUNT goal.configured events, one write transaction each.")
public final class AppendLoadCommand extends LoopxSubcommand {
    @Option(names = "--goal-id", required = true)
    String goalId;

    @Option(names = "--count", required = true)
    int count;

    @Option(names = "--writer", description = "A number that tells writers apart in the payload.")
    int writer;

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        if (count < 1 || writer < 0 || writer > 8000) {
            throw CliError.badInput("invalid_value", "--count must be >= 1 and --writer 0..8000");
        }
        long first = 0;
        long last = 0;
        long maxWriteNanos = 0;
        try (LoopxRuntime runtime = context.openRuntime()) {
            // Open the journal and the store before timing, so max_write_ms is about writing.
            runtime.ledger().head();
            runtime.views();
            for (int i = 1; i <= count; i++) {
                GoalConfigured event = new GoalConfigured(BigDecimal.valueOf(i, 3), 1 + writer, 1);
                LoopxRuntime.WriteContext write = new LoopxRuntime.WriteContext(
                        context.now(), goalId, new Actor(ActorKind.SYSTEM, "append-load-" + writer), "");
                long t0 = System.nanoTime();
                var outcome = runtime.write(write, views -> Decision.accept(event));
                maxWriteNanos = Math.max(maxWriteNanos, System.nanoTime() - t0);
                if (outcome.isLeft()) {
                    throw new CliError(
                            outcome.getLeft().errorCode(),
                            outcome.getLeft().message(),
                            RejectionHints.of(outcome.getLeft()));
                }
                last = outcome.get().lastSeq();
                first = first == 0 ? outcome.get().seqs().get(0) : first;
                context.err().println("ack " + last);
                context.err().flush();
            }
        }
        ObjectNode doc = CliContext.document("loopx_debug_append_load_v0", true);
        doc.put("appended", count);
        doc.put("first_seq", first);
        doc.put("last_seq", last);
        doc.put("max_write_ms", java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(maxWriteNanos));
        return context.emit(doc);
    }
}
