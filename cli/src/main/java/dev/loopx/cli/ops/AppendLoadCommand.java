package dev.loopx.cli.ops;

import dev.loopx.application.ops.AppendLoad;
import dev.loopx.cli.render.CommandLines;
import dev.loopx.cli.render.DebugAppendLoadAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.RejectionHints;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs COUNT complete write transactions of {@code goal.configured} events ({@link AppendLoad}),
 * printing {@code ack <seq>} on stderr after each acknowledged append. Used by the multi-process
 * and kill -9 tests and by the benchmarks. The document reports {@code max_write_ms}, the slowest
 * single write transaction, so tests can time an append apart from JVM start-up.
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
            throw CliError.badInput(ErrorCode.INVALID_VALUE, "--count must be >= 1 and --writer 0..8000");
        }
        AppendLoad.Appended appended = AppendLoad.run(
                        context.invocation(), new AppendLoad.Request(goalId, count, writer), seq -> {
                            context.err().println("ack " + seq);
                            context.err().flush();
                        })
                .getOrElseThrow(rejection -> new CliError(
                        rejection.errorCode(), rejection.message(), CommandLines.of(RejectionHints.of(rejection))));
        return context.emit(new DebugAppendLoadAnswer(appended));
    }
}
