package dev.loopx.cli.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TodoWriteAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.NumberOptions;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.ResumeCondition;
import dev.loopx.commands.todo.TodoCommands.UpdateTodo;
import dev.loopx.projections.todo.TodoStatus;
import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "update",
        description = {
            "Edit a todo that is not done: text, status (open|blocked|deferred), resume condition,",
            "required capabilities, or release its claim. Done is not a status you set here: use `todo complete`."
        },
        footer = {
            "",
            "Example:  loopx todo update --goal-id g --todo-id todo_0123456789ab --agent-id builder --status deferred \\",
            "            --resume-when resume_at:2026-05-01T09:00:00+02:00"
        })
public final class TodoUpdateCommand extends TodoWriteCommand {
    @Option(names = "--todo-id", required = true, paramLabel = "ID")
    String todoId;

    @Option(names = "--text", paramLabel = "TEXT")
    String text;

    @Option(names = "--status", paramLabel = "STATUS", description = "open | blocked | deferred")
    String status;

    @Option(
            names = "--resume-when",
            paramLabel = "COND",
            description = "todo_done:<id>, resume_at:<RFC 3339>, or none to clear.")
    String resumeWhen;

    @Option(
            names = "--clear-claim",
            description = "Release your own claim on the todo (another agent's claim: loopx todo reclaim).")
    boolean clearClaim;

    @Option(
            names = "--required-capability",
            paramLabel = "C",
            description = "Agent todo: replace its required capabilities with these (repeatable), or none to clear.")
    List<String> requiredCapabilities = new ArrayList<>();

    private String resolvedResume = "";
    private Optional<TodoStatus> resolvedStatus = Optional.empty();

    @Override
    protected String schemaVersion() {
        return "loopx_todo_update_v0";
    }

    @Override
    protected void validate(CliContext context) {
        IdOptions.requireTodoId(todoId);
        validateAgent();
        if (text != null) {
            TextOptions.requirePublic("--text", text, true);
        }
        if (status != null) {
            resolvedStatus = Optional.of(TodoStatuses.require(
                    status, TodoStatus.OPEN, TodoStatus.BLOCKED, TodoStatus.DEFERRED, TodoStatus.DONE));
        }
        if (resumeWhen != null) {
            resolvedResume = resumeWhen.equals("none")
                    ? "none"
                    : ResumeCondition.parse(resumeWhen)
                            .filter(c -> NumberOptions.resumeTimeWellFormed(resumeWhen))
                            .orElseThrow(
                                    () -> CliError.badInput(
                                            ErrorCode.INVALID_RESUME_WHEN,
                                            "--resume-when must be todo_done:<todo id>, resume_at:<RFC 3339 with offset> or none"));
        }
        if (requiredCapabilities.contains("none") && requiredCapabilities.size() > 1) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS, "--required-capability none clears them: give it alone");
        }
        requiredCapabilities.stream()
                .filter(c -> !c.equals("none"))
                .forEach(c -> IdOptions.requireId("--required-capability", c));
        if (text == null && status == null && resumeWhen == null && !clearClaim && requiredCapabilities.isEmpty()) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS,
                    "say what to change: --text, --status, --resume-when, --required-capability or --clear-claim");
        }
    }

    private UpdateTodo command() {
        Optional<List<String>> capabilities = requiredCapabilities.isEmpty()
                ? Optional.empty()
                : Optional.of(requiredCapabilities.contains("none") ? List.of() : requiredCapabilities);
        return new UpdateTodo(
                goalId,
                todoId,
                orEmpty(agentId),
                orEmpty(text),
                resolvedStatus,
                resolvedResume,
                clearClaim,
                capabilities);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new TodoWriteAnswer(head, todoId);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(invocation, options, new GoalWrite.Todo(command()));
    }
}
