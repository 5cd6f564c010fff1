package dev.loopx.cli.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TodoCheckpointAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.Checkpoint;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "checkpoint",
        description = {
            "Record a replan checkpoint: the lane checked its open todos against the objective (and added,",
            "updated or superseded them). It answers should-run's autonomous_replan_required for a long",
            "chain (replan_after_completed_todos completed todos since the last checkpoint). With nothing",
            "completed since the last checkpoint it changes nothing."
        },
        footer = {
            "",
            "Example:  loopx todo checkpoint --goal-id g --agent-id builder --note \"plan still matches; next: parser\""
        })
public final class TodoCheckpointCommand extends TodoWriteCommand {
    @Option(
            names = "--note",
            required = true,
            paramLabel = "TEXT",
            description = "What the replan decided (public-safe).")
    String note;

    @Override
    protected String schemaVersion() {
        return "loopx_todo_checkpoint_v0";
    }

    @Override
    protected void validate(CliContext context) {
        validateAgent();
        TextOptions.requirePublic("--note", note, true);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new TodoCheckpointAnswer(head, note);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(invocation, options, new GoalWrite.Todo(new Checkpoint(goalId, orEmpty(agentId), note)));
    }
}
