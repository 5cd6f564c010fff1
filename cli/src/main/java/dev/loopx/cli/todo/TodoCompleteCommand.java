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
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.CompleteTodo;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "complete",
        description = {
            "Mark a todo done (terminal). Successors given here are created in the same append.",
            "Repeating it changes nothing (changed=false) and cannot attach a different successor.",
            "A user gate's completion carries the owner's --decision-outcome."
        },
        footer = {
            "",
            "Example:  loopx todo complete --goal-id g --todo-id todo_0123456789ab --agent-id builder \\",
            "            --evidence \"importer merged, 42 tests green\" --validation-command \"./mvnw -q test\" \\",
            "            --next-agent-todo \"Wire the importer into the CLI\""
        })
public final class TodoCompleteCommand extends TodoWriteCommand {
    @Option(names = "--todo-id", required = true, paramLabel = "ID")
    String todoId;

    @Option(names = "--evidence", paramLabel = "TEXT", description = "What was delivered (public-safe).")
    String evidence;

    @Option(names = "--no-follow-up", description = "Nothing follows this todo (counts towards terminal state).")
    boolean noFollowUp;

    @Option(names = "--next-agent-todo", paramLabel = "TEXT")
    String nextAgentTodo;

    @Option(names = "--next-user-todo", paramLabel = "TEXT")
    String nextUserTodo;

    @Option(names = "--next-user-task-class", paramLabel = "user_gate|user_action")
    String nextUserTaskClass;

    @Option(names = "--decision-outcome", paramLabel = "approve|reject|cancel")
    String decisionOutcome;

    @Option(
            names = "--validation-command",
            paramLabel = "CMD",
            description = "The command that checked the work (public-safe: no home paths, no secrets);"
                    + " recorded with the evidence.")
    String validationCommand;

    /** The command with its values set (an MCP {@code complete_task}); empty texts and agent are none. */
    public static TodoCompleteCommand forLane(
            String goalId, String agentId, String todoId, String evidence, String nextAgentTodo, boolean noFollowUp) {
        TodoCompleteCommand c = new TodoCompleteCommand();
        c.goalId = goalId;
        c.agentId = agentId.isEmpty() ? null : agentId;
        c.todoId = todoId;
        c.evidence = evidence.isEmpty() ? null : evidence;
        c.nextAgentTodo = nextAgentTodo.isEmpty() ? null : nextAgentTodo;
        c.noFollowUp = noFollowUp;
        return c;
    }

    @Override
    protected String schemaVersion() {
        return "loopx_todo_complete_v0";
    }

    @Override
    protected void validate(CliContext context) {
        IdOptions.requireTodoId(todoId);
        validateAgent();
        TextOptions.requirePublic("--evidence", evidence, false);
        TextOptions.requirePublic("--validation-command", validationCommand, false);
        if (nextAgentTodo != null) {
            TextOptions.requirePublic("--next-agent-todo", nextAgentTodo, true);
        }
        if (nextUserTodo != null) {
            TextOptions.requirePublic("--next-user-todo", nextUserTodo, true);
            if (nextUserTaskClass == null) {
                throw CliError.badInput(
                        ErrorCode.INVALID_TASK_CLASS,
                        "--next-user-todo needs --next-user-task-class user_gate or user_action");
            }
        }
        if (nextUserTaskClass != null) {
            if (nextUserTodo == null) {
                throw CliError.badInput(
                        ErrorCode.INVALID_ARGUMENTS, "--next-user-task-class goes with --next-user-todo");
            }
            TextOptions.oneOf("--next-user-task-class", nextUserTaskClass, "user_gate", "user_action");
        }
        if (decisionOutcome != null) {
            TextOptions.oneOf("--decision-outcome", decisionOutcome, "approve", "reject", "cancel");
        }
        if (noFollowUp && (nextAgentTodo != null || nextUserTodo != null)) {
            throw CliError.badInput(ErrorCode.INVALID_ARGUMENTS, "--no-follow-up contradicts a --next-…-todo");
        }
    }

    private CompleteTodo command() {
        return new CompleteTodo(
                goalId,
                todoId,
                orEmpty(agentId),
                orEmpty(evidence),
                noFollowUp,
                orEmpty(nextAgentTodo),
                orEmpty(nextUserTodo),
                orEmpty(nextUserTaskClass),
                orEmpty(decisionOutcome),
                orEmpty(validationCommand));
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
