package dev.loopx.cli.quota;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.application.monitor.MonitorWrites;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.MonitorPollAnswer;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.DryRunCommand;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.NumberOptions;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.cli.todo.MonitorOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.monitor.MonitorCommands.PollMonitor;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.projections.monitor.MonitorView;
import io.vavr.control.Either;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "monitor-poll",
        description = {
            "Record a no-spend receipt (monitor.polled) of a lane's check of a monitor and set when it is due next.",
            "The receipt holds the digest of what the poll saw and whether that is a material change.",
            "An unchanged poll stretches the cadence (the first keeps it, each further one doubles it, up to",
            "24 hours); a material change resets it and makes should-run ask the lane to turn the change into",
            "advancement work (monitor_material_change). Refused for a todo that is not a monitor",
            "(not_a_monitor), is done or is not open (monitor_not_open)."
        },
        footer = {
            "",
            "Example:  loopx quota monitor-poll --goal-id g --todo-id todo_0123456789ab --agent-id watcher \\",
            "            --result-digest sha256:9f2c41d0 --summary \"CI still red on main\""
        })
public final class MonitorPollCommand extends DryRunCommand {
    private static final Pattern DIGEST = Pattern.compile("(?:[a-z0-9]{1,16}:)?[0-9a-f]{7,128}");

    @Option(names = "--todo-id", required = true, paramLabel = "ID", description = "The monitor todo.")
    String todoId;

    @Option(
            names = "--agent-id",
            paramLabel = "ID",
            description = "The polling agent (required on goals with registered agents; must match the claim).")
    String agentId;

    @Option(
            names = "--result-digest",
            required = true,
            paramLabel = "DIGEST",
            description = "A digest of what the poll observed: hex, optionally prefixed by its algorithm"
                    + " (sha256:9f2c41d0…).")
    String resultDigest;

    @Option(
            names = "--material-change",
            description = "The observation changed something that calls for advancement work (default: no change).")
    boolean materialChange;

    @Option(
            names = "--next-due-at",
            paramLabel = "TIME",
            description = "Due next at this RFC 3339 time with offset, after now (default: now + the stretched"
                    + " cadence).")
    String nextDueAt;

    @Option(names = "--summary", paramLabel = "TEXT", description = "What the poll saw (public-safe text).")
    String summary;

    private String resolvedNextDue = "";
    private MonitorWrites.Polled polled;
    private String resolvedSummary = "";

    @Override
    protected String schemaVersion() {
        return "loopx_quota_monitor_poll_v0";
    }

    @Override
    protected Actor actor() {
        return agentId == null ? new Actor(ActorKind.OWNER, "cli") : new Actor(ActorKind.AGENT, agentId);
    }

    @Override
    protected void validate(CliContext context) {
        IdOptions.requireTodoId(todoId);
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        TextOptions.requireWellFormed("--result-digest", resultDigest);
        if (!DIGEST.matcher(resultDigest).matches()) {
            throw CliError.badInput(
                    ErrorCode.INVALID_VALUE,
                    "--result-digest must be 7 to 128 lowercase hex digits, optionally after an algorithm"
                            + " prefix such as sha256:");
        }
        if (nextDueAt != null) {
            Instant due = NumberOptions.time("--next-due-at", nextDueAt);
            if (!due.isAfter(context.invocation().now())) {
                throw CliError.badInput(ErrorCode.INVALID_TIME, "--next-due-at must be after now");
            }
            resolvedNextDue = MonitorOptions.utc(due);
        }
        resolvedSummary = TextOptions.requirePublic("--summary", summary, false);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        Optional<MonitorView> after = polled == null ? Optional.empty() : polled.monitor();
        Optional<MonitorPollAnswer.Due> due = head.outcome() instanceof GoalWrites.Outcome.Previewed p
                ? previewedDue(p)
                : after.map(m -> new MonitorPollAnswer.Due(m.intervalMinutes(), m.nextDueAt()));
        return new MonitorPollAnswer(head, todoId, resultDigest, materialChange, due, after);
    }

    /** The interval and next due time the preview's {@code monitor.polled} would record, if it has one. */
    private static Optional<MonitorPollAnswer.Due> previewedDue(GoalWrites.Outcome.Previewed p) {
        return p.wouldAppend().stream()
                .filter(e -> e.type().equals("monitor.polled"))
                .findFirst()
                .map(e -> new MonitorPollAnswer.Due(
                        e.payload().path("interval_minutes").asInt(),
                        e.payload().path("next_due_at").asText()));
    }

    /** The monitor's settings and poll history after the write (now, for a preview). */
    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        Either<Rejection, MonitorWrites.Polled> result = MonitorWrites.poll(
                invocation,
                options,
                new PollMonitor(
                        goalId,
                        todoId,
                        orEmpty(agentId),
                        resultDigest,
                        materialChange,
                        resolvedNextDue,
                        resolvedSummary));
        polled = result.getOrNull();
        return result.map(MonitorWrites.Polled::outcome);
    }
}
