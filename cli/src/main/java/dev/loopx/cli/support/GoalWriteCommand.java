package dev.loopx.cli.support;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.commands.Rejection;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import io.vavr.control.Either;
import java.util.Objects;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * Base of every command that writes to one goal: validate the input (exit 2, nothing opened) →
 * open the runtime → preview (append nothing) or write through the one write path → render the
 * answer with its receipt. Subclasses parse their options into the typed request of an
 * application service ({@link #write}); the service chooses the decider, the state it sees and the
 * write's intent.
 */
public abstract class GoalWriteCommand extends LoopxSubcommand implements TheOnlyGoalByDefault {
    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal. " + TheOnlyGoalByDefault.HELP)
    protected String goalId;

    @Option(
            names = "--operation-id",
            paramLabel = "ID",
            description = "Idempotency key: repeating the same write returns the original receipt (replayed=true);"
                    + " the same id with a different write is refused (operation_id_conflict).")
    protected String operationId;

    /** The answer's {@code schema_version}. */
    protected abstract String schemaVersion();

    /** Exit-2 checks on the raw options; runs before anything is opened. */
    protected abstract void validate(CliContext context);

    /** Whether this invocation appends (else it previews). */
    protected abstract boolean writes();

    /** Who writes; the owner (through the CLI) unless a command says otherwise. */
    protected Actor actor() {
        return new Actor(ActorKind.OWNER, "cli");
    }

    /** The answer of this write: the head (the preview or the receipt), then the command's own facts. */
    protected abstract RenderedAnswer answer(GoalWriteHead head, CliContext context);

    @Override
    protected final int execute(CliContext context) {
        return context.emit(answer(
                context,
                schemaVersion(),
                new Target(goalId, operationId, actor(), writes()),
                () -> validate(context),
                this::write,
                head -> answer(head, context)));
    }

    /**
     * What every goal write is given: the goal, the idempotency key (null when none was given),
     * who writes and whether it appends (else it previews).
     */
    public record Target(String goalId, String operationId, Actor actor, boolean writes) {
        public Target {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(actor, "actor");
        }
    }

    /** A write's one application call, given the invocation and the write options. */
    @FunctionalInterface
    public interface Write {
        Either<Rejection, GoalWrites.Outcome> run(Invocation invocation, WriteOptions options);
    }

    /**
     * One goal write as a function, shared by the commands and the callers that are not a command
     * line (an MCP tool call): the goal and operation id checks, the write's own checks
     * ({@code validate}, exit 2, nothing opened), the one application call, the answer built on
     * its head.
     *
     * @throws CliError for bad input or a refusal, as the command reports it
     */
    public static RenderedAnswer answer(
            CliContext context,
            String schemaVersion,
            Target target,
            Runnable validate,
            Write write,
            Function<GoalWriteHead, RenderedAnswer> answer) {
        IdOptions.requireGoalId(target.goalId());
        if (target.operationId() != null) {
            IdOptions.requireId("--operation-id", target.operationId());
        }
        validate.run();
        Either<Rejection, GoalWrites.Outcome> outcome = write.run(
                context.invocation(),
                new WriteOptions(
                        target.actor(), target.operationId() == null ? "" : target.operationId(), !target.writes()));
        if (outcome.isLeft()) {
            throw CliError.of(outcome.getLeft());
        }
        return answer.apply(new GoalWriteHead(schemaVersion, target.goalId(), outcome.get()));
    }

    /** The one application call: the typed request of this command, run by its service. */
    protected abstract Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options);

    protected static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}
