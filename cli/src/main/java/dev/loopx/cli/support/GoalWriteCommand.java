package dev.loopx.cli.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Base of every command that writes to one goal: validate the input (exit 2, nothing opened) →
 * open the runtime → preview (append nothing) or write through the one write path → render the
 * answer with its receipt. Subclasses say what the command means ({@link #intent}) and decide
 * with a pure decider ({@link #decide}).
 */
public abstract class GoalWriteCommand extends LoopxSubcommand {
    @Option(names = "--goal-id", required = true, paramLabel = "ID", description = "The goal.")
    protected String goalId;

    @Option(names = "--operation-id", paramLabel = "ID",
            description = "Idempotency key: repeating the same write returns the original receipt (replayed=true);"
                    + " the same id with a different write is refused (operation_id_conflict).")
    protected String operationId;

    /** The answer's {@code schema_version}. */
    protected abstract String schemaVersion();

    /** The command's name as typed, e.g. {@code todo add}. */
    protected abstract String commandName();

    /** Exit-2 checks on the raw options; runs before anything is opened. */
    protected abstract void validate(CliContext context);

    /** The normalised arguments that make up the write's intent (for {@code --operation-id}). */
    protected abstract ObjectNode intentArguments();

    protected abstract Either<Rejection, List<LoopxEvent>> decide(Optional<GoalState> state);

    /** For decisions that need more than the goal's state (e.g. scheduler memory); defaults to {@link #decide(Optional)}. */
    protected Either<Rejection, List<LoopxEvent>> decide(Optional<GoalState> state, Views views) {
        return decide(state);
    }

    /** Whether this invocation appends (else it previews). */
    protected abstract boolean writes();

    /** Who writes; the owner (through the CLI) unless a command says otherwise. */
    protected Actor actor() {
        return new Actor(dev.loopx.ledger.ActorKind.OWNER, "cli");
    }

    /** Adds command-specific facts to the answer, given the goal state after the write (or now, for a preview). */
    protected void describe(ObjectNode doc, Optional<GoalState> state, CliContext context) {}

    @Override
    protected final int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        if (operationId != null) {
            IdOptions.requireId("--operation-id", operationId);
        }
        validate(context);
        Intent intent = Intent.of(commandName(), intentArguments());
        LoopxRuntime.WriteContext write = new LoopxRuntime.WriteContext(context.now(), goalId, actor(),
                operationId == null ? "" : operationId, intent);
        try (LoopxRuntime runtime = context.openRuntime()) {
            ObjectNode doc = CliContext.document(schemaVersion(), true);
            doc.put("goal_id", goalId);
            if (!writes()) {
                var preview = runtime.preview(write, views -> decide(GoalState.load(views, goalId), views));
                if (preview.isLeft()) {
                    throw CliError.of(preview.getLeft());
                }
                doc.put("dry_run", true);
                doc.set("preview", Receipts.wouldAppend(preview.get()));
                describe(doc, GoalState.load(runtime.views(), goalId), context);
                return context.emit(doc);
            }
            var outcome = runtime.write(write, views -> decide(GoalState.load(views, goalId), views));
            if (outcome.isLeft()) {
                throw CliError.of(outcome.getLeft());
            }
            doc.put("changed", outcome.get().changed());
            doc.set("receipt", Receipts.appended(outcome.get()));
            describe(doc, GoalState.load(runtime.views(), goalId), context);
            return context.emit(doc);
        }
    }

    protected static ObjectNode args() {
        return Json.object();
    }

    protected static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}
