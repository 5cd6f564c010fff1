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
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.ClaimTodo;
import io.vavr.control.Either;
import java.util.Objects;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "claim",
        description = {
            "Take a soft claim on a todo before working on it. A claim is never stolen: a todo",
            "claimed by another agent is refused with claimed_by_other. Needs a registered --agent-id."
        },
        footer = {"", "Example:  loopx todo claim --goal-id g --todo-id todo_0123456789ab --agent-id builder"})
public final class TodoClaimCommand extends TodoWriteCommand {
    @Option(names = "--todo-id", required = true, paramLabel = "ID")
    String todoId;

    private static final String SCHEMA = "loopx_todo_claim_v0";

    /** A claim as typed values: the options as given, {@code agentId} and {@code operationId} null when not. */
    public record Claim(String goalId, String agentId, String todoId, String operationId, boolean dryRun) {
        public Claim {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(todoId, "todoId");
        }

        /** A lane's claim as an MCP {@code claim_task} asks it; an empty agent is none. */
        public static Claim ofLane(String goalId, String agentId, String todoId) {
            return new Claim(goalId, agentId.isEmpty() ? null : agentId, todoId, null, false);
        }
    }

    /**
     * The one claim the command and the MCP {@code claim_task} tool share: checks, the write, its record.
     *
     * @throws CliError for bad input or a refusal, as {@code loopx todo claim} reports it
     */
    public static RenderedAnswer answer(CliContext context, Claim claim) {
        return GoalWriteCommand.answer(
                context,
                SCHEMA,
                new GoalWriteCommand.Target(
                        claim.goalId(), claim.operationId(), actor(claim.agentId()), !claim.dryRun()),
                () -> validate(claim),
                (invocation, options) -> write(claim, invocation, options),
                head -> new TodoWriteAnswer(head, claim.todoId()));
    }

    private Claim claim() {
        return new Claim(goalId, agentId, todoId, operationId, dryRun);
    }

    @Override
    protected String schemaVersion() {
        return SCHEMA;
    }

    @Override
    protected void validate(CliContext context) {
        validate(claim());
    }

    private static void validate(Claim claim) {
        IdOptions.requireTodoId(claim.todoId());
        if (claim.agentId() == null) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS, "todo claim needs --agent-id (the agent taking the claim)");
        }
        validateAgent(claim.agentId());
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new TodoWriteAnswer(head, todoId);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return write(claim(), invocation, options);
    }

    private static Either<Rejection, GoalWrites.Outcome> write(
            Claim claim, Invocation invocation, WriteOptions options) {
        return GoalWrites.run(
                invocation,
                options,
                new GoalWrite.Todo(new ClaimTodo(claim.goalId(), claim.todoId(), claim.agentId(), invocation.now())));
    }
}
