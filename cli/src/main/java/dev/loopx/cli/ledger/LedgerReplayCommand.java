package dev.loopx.cli.ledger;

import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ExitCodes;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.json.EnvelopeCodec;
import java.time.Instant;
import java.time.format.DateTimeParseException;
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
            throw CliError.badInput("invalid_value", "--from must be >= 1 and --to >= --from");
        }
        Instant until = null;
        if (end.until != null) {
            try {
                until = java.time.OffsetDateTime.parse(end.until).toInstant();
            } catch (DateTimeParseException e) {
                throw CliError.badInput(
                        "invalid_time", "--until must be RFC 3339 with an offset, e.g. 2026-01-01T00:00:00Z");
            }
        }
        try (LoopxRuntime runtime = context.openRuntime();
                EventCursor cursor = runtime.ledger().readFrom(from)) {
            while (cursor.hasNext()) {
                Recorded r = cursor.next();
                if (end.to != null && r.seq() > end.to) {
                    break;
                }
                if (until != null && Instant.parse(r.recordedAt()).isAfter(until)) {
                    break;
                }
                if (goalId == null || goalId.equals(r.goalId())) {
                    context.out().println(PathRedactor.redact(EnvelopeCodec.toJson(r)));
                }
            }
        }
        context.out().flush();
        return ExitCodes.OK;
    }
}
