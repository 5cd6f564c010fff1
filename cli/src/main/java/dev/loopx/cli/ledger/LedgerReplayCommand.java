package dev.loopx.cli.ledger;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.function.Consumer;
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

    /** A replay as typed values: {@code goalId}, {@code to} and {@code until} null when not given. */
    public record Replay(String goalId, long from, Long to, String until) {}

    @Override
    protected int execute(CliContext context) {
        boolean json = context.json();
        replay(
                context,
                new Replay(goalId, from, end.to, end.until),
                event -> context.out().println(json ? event : EventLine.of(event)));
        context.out().flush();
        return ExitCodes.OK;
    }

    /**
     * {@code loopx ledger replay} as a function, shared by the command and the dashboard: the
     * checks (exit 2), then one {@link ReplayLedger} call handing each event to {@code events} as
     * its JSON envelope, paths redacted.
     *
     * @throws CliError for bad input, as the command reports it
     */
    public static void replay(CliContext context, Replay replay, Consumer<JsonNode> events) {
        String goalId = replay.goalId();
        long from = replay.from();
        Long to = replay.to();
        if (goalId != null) {
            IdOptions.requireGoalId(goalId);
        }
        if (from < 1 || (to != null && to < from)) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, "--from must be >= 1 and --to >= --from");
        }
        Optional<Instant> until = Optional.empty();
        if (replay.until() != null) {
            until = Optional.of(NumberOptions.time("--until", replay.until()));
        }
        ReplayLedger.run(
                context.invocation(),
                new ReplayLedger.Request(
                        goalId == null ? "" : goalId,
                        from,
                        to == null ? OptionalLong.empty() : OptionalLong.of(to),
                        until),
                event -> events.accept(PathRedactor.redact(EnvelopeCodec.toJson(event))));
    }
}
