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
import dev.loopx.cli.support.GoalWriteCommand;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.CompleteTodo;
import io.vavr.control.Either;
import java.util.Objects;
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

    private static final String SCHEMA = "loopx_todo_complete_v0";

    /** A completion as typed values: the options as given, each string but the ids null when not given. */
    public record Completion(
            String goalId,
            String agentId,
            String todoId,
            String evidence,
            boolean noFollowUp,
            String nextAgentTodo,
            String nextUserTodo,
            String nextUserTaskClass,
            String decisionOutcome,
            String validationCommand,
            String operationId,
            boolean dryRun) {
        public Completion {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(todoId, "todoId");
        }

        /** A lane's completion as an MCP {@code complete_task} asks it; empty texts and agent are none. */
        public static Completion ofLane(
                String goalId,
                String agentId,
                String todoId,
                String evidence,
                String nextAgentTodo,
                boolean noFollowUp) {
            return new Completion(
                    goalId,
                    agentId.isEmpty() ? null : agentId,
                    todoId,
                    evidence.isEmpty() ? null : evidence,
                    noFollowUp,
                    nextAgentTodo.isEmpty() ? null : nextAgentTodo,
                    null,
                    null,
                    null,
                    null,
                    null,
                    false);
        }
    }

    /**
     * The one completion the command and the MCP {@code complete_task} tool share: checks, the
     * write, its record.
     *
     * @throws CliError for bad input or a refusal, as {@code loopx todo complete} reports it
     */
    public static RenderedAnswer answer(CliContext context, Completion completion) {
        return GoalWriteCommand.answer(
                context,
                SCHEMA,
                new GoalWriteCommand.Target(
                        completion.goalId(),
                        completion.operationId(),
                        actor(completion.agentId()),
                        !completion.dryRun()),
                () -> validate(completion),
                (invocation, options) -> write(completion, invocation, options),
                head -> new TodoWriteAnswer(head, completion.todoId()));
    }

    private Completion completion() {
        return new Completion(
                goalId,
                agentId,
                todoId,
                evidence,
                noFollowUp,
                nextAgentTodo,
                nextUserTodo,
                nextUserTaskClass,
                decisionOutcome,
                validationCommand,
                operationId,
                dryRun);
    }

    @Override
    protected String schemaVersion() {
        return SCHEMA;
    }

    @Override
    protected void validate(CliContext context) {
        validate(completion());
    }

    private static void validate(Completion c) {
        IdOptions.requireTodoId(c.todoId());
        validateAgent(c.agentId());
        TextOptions.requirePublic("--evidence", c.evidence(), false);
        TextOptions.requirePublic("--validation-command", c.validationCommand(), false);
        if (c.nextAgentTodo() != null) {
            TextOptions.requirePublic("--next-agent-todo", c.nextAgentTodo(), true);
        }
        if (c.nextUserTodo() != null) {
            TextOptions.requirePublic("--next-user-todo", c.nextUserTodo(), true);
            if (c.nextUserTaskClass() == null) {
                throw CliError.badInput(
                        ErrorCode.INVALID_TASK_CLASS,
                        "--next-user-todo needs --next-user-task-class user_gate or user_action");
            }
        }
        if (c.nextUserTaskClass() != null) {
            if (c.nextUserTodo() == null) {
                throw CliError.badInput(
                        ErrorCode.INVALID_ARGUMENTS, "--next-user-task-class goes with --next-user-todo");
            }
            TextOptions.oneOf("--next-user-task-class", c.nextUserTaskClass(), "user_gate", "user_action");
        }
        if (c.decisionOutcome() != null) {
            TextOptions.oneOf("--decision-outcome", c.decisionOutcome(), "approve", "reject", "cancel");
        }
        if (c.noFollowUp() && (c.nextAgentTodo() != null || c.nextUserTodo() != null)) {
            throw CliError.badInput(ErrorCode.INVALID_ARGUMENTS, "--no-follow-up contradicts a --next-…-todo");
        }
    }

    private static CompleteTodo command(Completion c) {
        return new CompleteTodo(
                c.goalId(),
                c.todoId(),
                orEmpty(c.agentId()),
                orEmpty(c.evidence()),
                c.noFollowUp(),
                orEmpty(c.nextAgentTodo()),
                orEmpty(c.nextUserTodo()),
                orEmpty(c.nextUserTaskClass()),
                orEmpty(c.decisionOutcome()),
                orEmpty(c.validationCommand()));
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new TodoWriteAnswer(head, todoId);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return write(completion(), invocation, options);
    }

    private static Either<Rejection, GoalWrites.Outcome> write(
            Completion completion, Invocation invocation, WriteOptions options) {
        return GoalWrites.run(invocation, options, new GoalWrite.Todo(command(completion)));
    }
}
