package dev.loopx.cli.dashboard;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.loopx.cli.global.GlobalReads;
import dev.loopx.cli.ledger.LedgerReplayCommand;
import dev.loopx.cli.ledger.LedgerVerifyCommand;
import dev.loopx.cli.quota.QuotaStatusCommand;
import dev.loopx.cli.quota.ShouldRunCommand;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TextView;
import dev.loopx.cli.status.StatusCommand;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.ExitCodes;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.cli.todo.TodoListCommand;
import dev.loopx.ledger.json.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * {@link DashboardReads} over the commands' use-case functions: the same checks, the same
 * application service, the same record as the command, in a context of its own per read
 * ({@link CliContext#forRead}). The query's values are first held to the rules picocli applies to
 * every option value (well-formed, not blank), as {@code --option=value} was before.
 */
final class UseCaseReads implements DashboardReads {
    private static final Pattern WHOLE = Pattern.compile("[0-9]{1,18}");

    private final CliContext context;

    UseCaseReads(CliContext context) {
        this.context = context;
    }

    @Override
    public Answer status(Path runtimeRoot, String goalId, String agentId) {
        return read(
                "loopx status",
                runtimeRoot,
                call -> StatusCommand.answer(call, value("--goal-id", goalId), value("--agent-id", agentId)));
    }

    @Override
    public Answer todoList(Path runtimeRoot, String goalId, String agentId, String status) {
        return read(
                "loopx todo list",
                runtimeRoot,
                call -> TodoListCommand.answer(
                        call,
                        new TodoListCommand.Listing(
                                required("--goal-id", goalId),
                                value("--agent-id", agentId),
                                value("--status", status),
                                null,
                                false)));
    }

    @Override
    public Answer quotaStatus(Path runtimeRoot, String goalId, String agentId) {
        return read(
                "loopx quota status",
                runtimeRoot,
                call -> QuotaStatusCommand.answer(call, required("--goal-id", goalId), value("--agent-id", agentId)));
    }

    @Override
    public Answer shouldRun(Path runtimeRoot, String goalId, String agentId, String runtimeProfile) {
        return read(
                "loopx quota should-run",
                runtimeRoot,
                call -> ShouldRunCommand.answer(
                        call,
                        new ShouldRunCommand.Question(
                                required("--goal-id", goalId),
                                value("--agent-id", agentId),
                                value("--runtime-profile", runtimeProfile),
                                false,
                                List.of(),
                                "all",
                                null,
                                null,
                                null,
                                false))); // the dashboard looks on: it records nothing as the lane
    }

    @Override
    public Answer ledgerVerify(Path runtimeRoot) {
        return read("loopx ledger verify", runtimeRoot, LedgerVerifyCommand::answer);
    }

    @Override
    public synchronized Answer ledgerReplay(Path runtimeRoot, String goalId, String from, String to) {
        CliContext call = context.forRead(runtimeRoot);
        ArrayNode events = Json.mapper().createArrayNode();
        try {
            LedgerReplayCommand.replay(
                    call,
                    new LedgerReplayCommand.Replay(
                            value("--goal-id", goalId),
                            from == null ? 1 : whole("--from", from),
                            to == null ? null : whole("--to", to),
                            null),
                    events::add);
            return new Answer(ExitCodes.OK, events);
        } catch (RuntimeException e) {
            CliError error = failure(call, "loopx ledger replay", e);
            events.add(call.errorDocument(error));
            return new Answer(error.exitCode(), events);
        }
    }

    @Override
    public Answer global(String name) {
        return read("loopx " + name, null, call -> GlobalReads.answer(call, name));
    }

    /** One read: its record's redacted JSON and exit code, or the error the command would print. */
    private synchronized Answer read(String command, Path runtimeRoot, Function<CliContext, RenderedAnswer> use) {
        CliContext call = context.forRead(runtimeRoot);
        try {
            RenderedAnswer answer = use.apply(call);
            return new Answer(ExitCodes.forDocument(answer.ok()), TextView.json(answer));
        } catch (RuntimeException e) {
            CliError error = failure(call, command, e);
            return new Answer(error.exitCode(), call.errorDocument(error));
        }
    }

    /** A failure as the command reports it: bad input names the command's own help page. */
    private static CliError failure(CliContext call, String command, RuntimeException e) {
        return e instanceof CliError error ? error.forCommand(command) : call.errorOf(e);
    }

    /** A value as picocli takes it for {@code --option=value}: well-formed, and not blank. */
    private static String value(String option, String value) {
        if (value == null) {
            return null;
        }
        var problem = TextOptions.argumentProblem(value);
        if (problem.isPresent()) {
            throw CliError.badInput(
                    IdOptions.codeFor(option, problem.get().errorCode()),
                    "Invalid value for option '" + option + "': "
                            + problem.get().description());
        }
        if (value.isBlank()) {
            throw CliError.badInput(IdOptions.codeFor(option, ErrorCode.INVALID_VALUE), option + " must not be empty");
        }
        return value;
    }

    private static String required(String option, String value) {
        if (value == null) {
            throw CliError.badInput(ErrorCode.INVALID_ARGUMENTS, "Missing required option: '" + option + "=ID'");
        }
        return value(option, value);
    }

    private static long whole(String option, String value) {
        if (!WHOLE.matcher(value).matches()) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS,
                    "Invalid value for option '" + option + "': not a whole number (digits 0-9)");
        }
        return Long.parseLong(value);
    }
}
