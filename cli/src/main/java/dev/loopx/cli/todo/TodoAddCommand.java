package dev.loopx.cli.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.application.monitor.MonitorWrites;
import dev.loopx.application.todo.AddTodo;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TodoWriteAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.NumberOptions;
import dev.loopx.cli.support.QuickCommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.monitor.MonitorSettings;
import dev.loopx.commands.todo.ResumeCondition;
import dev.loopx.commands.todo.TodoCommands;
import dev.loopx.commands.todo.TodoIds;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "add",
        description = {
            "Add a todo. Its id is derived from goal, role and text, so adding the same text again",
            "changes nothing. A user todo must say --task-class user_gate (a blocking owner decision) or",
            "user_action (a reminder). On goals with two or more agents an open user_gate needs exactly one",
            "of --blocks-agent (that lane waits) or --global-gate (everyone waits). A monitor_task may take",
            "watch settings (--monitor-*, --watch-only), recorded with it in one append; quota monitor-poll",
            "records its polls."
        },
        footer = {
            "",
            "Examples:",
            "  loopx todo add --goal-id g --role agent --text \"Write the importer\" --priority P1",
            "  loopx todo add --goal-id g --role user --task-class user_gate --text \"Approve the schema\" --blocks-agent builder",
            "  loopx todo add --goal-id g --role agent --agent-id watcher --task-class monitor_task --text \"Watch CI on main\" \\",
            "      --monitor-target-key ci-main --monitor-cadence-minutes 30 --monitor-expires-at 2026-06-01T00:00:00Z"
        })
public final class TodoAddCommand extends TodoWriteCommand implements QuickCommand {
    @Option(names = "--role", required = true, paramLabel = "user|agent")
    String role;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Text text;

    static final class Text {
        @Option(names = "--text", paramLabel = "TEXT", description = "The todo (public-safe text).")
        String inline;

        @Option(names = "--text-file", paramLabel = "FILE", description = "Read the text from a UTF-8 file.")
        String file;
    }

    @Option(
            names = "--task-class",
            paramLabel = "CLASS",
            description =
                    "advancement_task (default for agent) | monitor_task (continuous_monitor, its earlier spelling,"
                            + " is accepted) | blocker | user_gate | user_action.")
    String taskClass;

    @Option(names = "--priority", paramLabel = "P0..P4", description = "Ordering only; never grants eligibility.")
    String priority;

    @Option(names = "--claimed-by", paramLabel = "AGENT", description = "Agent todo: start claimed by this agent.")
    String claimedBy;

    @ArgGroup(exclusive = true)
    GateScope scope = new GateScope();

    static final class GateScope {
        @Option(names = "--blocks-agent", paramLabel = "AGENT", description = "User gate: the lane it blocks.")
        String blocksAgent;

        @Option(names = "--global-gate", description = "User gate: blocks every lane.")
        boolean global;
    }

    @Option(
            names = "--excluded-agent",
            paramLabel = "AGENT",
            description = "Agent todo: an agent that may not claim it (repeatable).")
    List<String> excludedAgents = new ArrayList<>();

    @Option(
            names = "--resume-when",
            paramLabel = "COND",
            description = "todo_done:<todo id> or resume_at:<RFC 3339 with offset>; not runnable until then.")
    String resumeWhen;

    @Option(
            names = "--required-capability",
            paramLabel = "C",
            description = "Agent todo: a capability a lane must declare (should-run --available-capability) to run it"
                    + " (repeatable). Routes work; never grants permission.")
    List<String> requiredCapabilities = new ArrayList<>();

    @Option(
            names = "--unblocks-todo-id",
            paramLabel = "ID",
            description =
                    "A todo of this goal that is not done: completing this one unblocks it (a blocked"
                            + " todo becomes open in the same append; a gate completed with reject or cancel unblocks nothing).")
    String unblocksTodoId;

    @Option(
            names = "--monitor-target-key",
            paramLabel = "KEY",
            description = "Monitor: what it watches (letters, digits, _ . -), e.g. ci-main.")
    String monitorTargetKey;

    @Option(
            names = "--monitor-cadence-minutes",
            paramLabel = "N",
            description = "Monitor: the base interval between polls, 1-10080 minutes (default 60); unchanged polls"
                    + " stretch it, a material change resets it.")
    String monitorCadence;

    @Option(
            names = "--monitor-next-due-at",
            paramLabel = "TIME",
            description = "Monitor: the first poll is due at this RFC 3339 time with offset (default: now).")
    String monitorNextDueAt;

    @Option(
            names = "--monitor-expires-at",
            paramLabel = "TIME",
            description = "Monitor: the watch ends at this RFC 3339 time with offset; then it is never due and"
                    + " should-run asks to close it (default: never).")
    String monitorExpiresAt;

    @Option(names = "--watch-only", description = "Monitor: a quiet watch; its unchanged polls never ask for a replan.")
    boolean watchOnly;

    private Optional<MonitorSettings> monitor = Optional.empty();
    private String resolvedText;
    private TodoRole parsedRole;
    private TaskClass parsedClass;
    private Priority parsedPriority = Priority.NONE;
    private String resolvedResume = "";

    @Override
    public Options quickOptions() {
        return TodoAddCommandQuickOptions.OPTIONS;
    }

    @Override
    public void bind(String option, String value) {
        TodoAddCommandQuickOptions.bind(this, option, value);
    }

    @Override
    public boolean complete() {
        return TodoAddCommandQuickOptions.complete(this);
    }

    @Override
    protected String schemaVersion() {
        return "loopx_todo_add_v0";
    }

    @Override
    protected void validate(CliContext context) {
        validateAgent();
        TextOptions.oneOf("--role", role, "user", "agent");
        parsedRole = TodoRole.fromWire(role).orElseThrow();
        String raw = text.inline != null
                ? text.inline
                : TextOptions.readUtf8(context.environment().workingDirectory(), text.file);
        resolvedText = TextOptions.requirePublic(text.inline != null ? "--text" : "--text-file", raw, true);
        if (taskClass != null) {
            parsedClass = TaskClass.fromWire(taskClass)
                    .orElseThrow(() -> CliError.badInput(
                            ErrorCode.INVALID_ENUM,
                            "--task-class must be one of: "
                                    + String.join(
                                            ", ",
                                            TaskClass.allowedFor(parsedRole).stream()
                                                    .map(TaskClass::wire)
                                                    .toList())));
        }
        excludedAgents.forEach(a -> IdOptions.requireId("--excluded-agent", a));
        requiredCapabilities.forEach(c -> IdOptions.requireId("--required-capability", c));
        if (priority != null) {
            parsedPriority = Priority.fromWire(priority)
                    .orElseThrow(() ->
                            CliError.badInput(ErrorCode.INVALID_ENUM, "--priority must be one of: P0, P1, P2, P3, P4"));
        }
        if (claimedBy != null) {
            IdOptions.requireId("--claimed-by", claimedBy);
        }
        if (scope.blocksAgent != null) {
            IdOptions.requireId("--blocks-agent", scope.blocksAgent);
        }
        if (resumeWhen != null) {
            resolvedResume = ResumeCondition.parse(resumeWhen)
                    .filter(c -> NumberOptions.resumeTimeWellFormed(resumeWhen))
                    .orElseThrow(
                            () -> CliError.badInput(
                                    ErrorCode.INVALID_RESUME_WHEN,
                                    "--resume-when must be todo_done:<todo id> or resume_at:<RFC 3339 with offset, e.g. 2026-05-01T09:00:00+02:00>"));
        }
        monitor = MonitorOptions.settings(
                monitorTargetKey, monitorCadence, monitorNextDueAt, monitorExpiresAt, watchOnly);
        if (unblocksTodoId != null) {
            IdOptions.requireTodoId("--unblocks-todo-id", unblocksTodoId);
        }
        // Which classes, claims and scopes a role may have is the domain's rule (TodoDecider.admissible):
        // AddTodo checks it before it opens anything, so a refusal is exit 2 with nothing read or written.
    }

    /** The decider's command, with the role's default task class when none was given. */
    private Either<Rejection, TodoCommands.AddTodo> command() {
        return AddTodo.taskClass(parsedRole, Optional.ofNullable(parsedClass))
                .map(taskClass -> new TodoCommands.AddTodo(
                        goalId,
                        parsedRole,
                        resolvedText,
                        taskClass,
                        parsedPriority,
                        orEmpty(claimedBy),
                        orEmpty(scope.blocksAgent),
                        scope.global,
                        excludedAgents.stream().sorted().distinct().toList(),
                        resolvedResume,
                        orEmpty(unblocksTodoId),
                        requiredCapabilities));
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return command()
                .flatMap(add -> monitor.isPresent()
                        ? MonitorWrites.add(invocation, options, add, monitor.get())
                        : AddTodo.run(invocation, options, add));
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new TodoWriteAnswer(head, TodoIds.of(goalId, parsedRole.wire(), resolvedText), monitor);
    }
}
