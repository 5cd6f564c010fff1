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
import picocli.CommandLine.Option;

/**
 * Base of every command that writes to one goal: validate the input (exit 2, nothing opened) →
 * open the runtime → preview (append nothing) or write through the one write path → render the
 * answer with its receipt. Subclasses parse their options into the typed request of an
 * application service ({@link #write}); the service chooses the decider, the state it sees and the
 * write's intent.
 */
public abstract class GoalWriteCommand extends LoopxSubcommand {
    @Option(names = "--goal-id", required = true, paramLabel = "ID", description = "The goal.")
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
        IdOptions.requireGoalId(goalId);
        if (operationId != null) {
            IdOptions.requireId("--operation-id", operationId);
        }
        validate(context);
        return render(
                context,
                write(
                        context.invocation(),
                        new WriteOptions(actor(), operationId == null ? "" : operationId, !writes())));
    }

    /** The one application call: the typed request of this command, run by its service. */
    protected abstract Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options);

    private int render(CliContext context, Either<Rejection, GoalWrites.Outcome> outcome) {
        if (outcome.isLeft()) {
            throw CliError.of(outcome.getLeft());
        }
        return context.emit(answer(new GoalWriteHead(schemaVersion(), goalId, outcome.get()), context));
    }

    protected static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}
