package dev.loopx.cli.ledger;

import dev.loopx.application.ledger.ReplayLedger;
import dev.loopx.cli.render.EventLine;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.ExitCodes;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.NumberOptions;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.ledger.json.EnvelopeCodec;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "replay",
        description = {
            "Print stored events as JSON lines (one envelope per line, exactly as stored, oldest first).",
            "This is the one command whose stdout is a stream of JSON documents rather than one."
        },
        footer = {"", "Example:  loopx ledger replay --goal-id demo-goal --from 10 --to 20"})
public final class LedgerReplayCommand extends LoopxSubcommand {
    @Option(names = "--goal-id", paramLabel = "ID", description = "Only events of this goal.")
    String goalId;

    @Option(names = "--from", paramLabel = "SEQ", description = "First seq (default 1).")
    long from = 1;

    @ArgGroup(exclusive = true)
    End end = new End();

    static final class End {
        @Option(names = "--to", paramLabel = "SEQ", description = "Last seq.")
        Long to;

        @Option(names = "--until", paramLabel = "TIME", description = "Last recorded_at (RFC 3339).")
        String until;
    }

    @Override
    protected int execute(CliContext context) {
        if (goalId != null) {
            IdOptions.requireGoalId(goalId);
        }
        if (from < 1 || (end.to != null && end.to < from)) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, "--from must be >= 1 and --to >= --from");
        }
        Optional<Instant> until = Optional.empty();
        if (end.until != null) {
            until = Optional.of(NumberOptions.time("--until", end.until));
        }
        boolean json = context.json();
        ReplayLedger.run(
                context.invocation(),
                new ReplayLedger.Request(
                        goalId == null ? "" : goalId,
                        from,
                        end.to == null ? OptionalLong.empty() : OptionalLong.of(end.to),
                        until),
                event -> context.out()
                        .println(
                                json
                                        ? PathRedactor.redact(EnvelopeCodec.toJson(event))
                                        : EventLine.of(PathRedactor.redact(EnvelopeCodec.toJson(event)))));
        context.out().flush();
        return ExitCodes.OK;
    }
}
