package dev.loopx.cli.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.application.todo.ArchiveTodos;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TodoArchiveAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.NumberOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.ArchiveCompleted;
import io.vavr.control.Either;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "archive-completed",
        description = {
            "Archive the goal's finished todos (done or superseded): they leave the default reads, not the ledger.",
            "The default reads are todo list, status, should-run's lists and the dashboard; archived todos stay",
            "readable by id and with todo list --include-archived. Open, blocked and deferred todos are never",
            "archived, and no decision changes (should-run answers the same before and after). One todo.archived",
            "names them; with nothing left to archive it changes nothing. The owner archives without --agent-id."
        },
        footer = {"", "Example:  loopx todo archive-completed --goal-id g --keep-latest 5 --dry-run"})
public final class TodoArchiveCompletedCommand extends TodoWriteCommand {
    @Option(
            names = "--keep-latest",
            paramLabel = "N",
            description = "Leave the N most recently finished todos in the default reads (0 to 100000; default 0:"
                    + " archive every finished todo).")
    String keepLatest;

    private int keep;

    @Override
    protected String schemaVersion() {
        return "loopx_todo_archive_completed_v0";
    }

    @Override
    protected void validate(CliContext context) {
        validateAgent();
        keep = keepLatest == null ? 0 : (int) NumberOptions.whole("--keep-latest", keepLatest, 0, 100_000);
    }

    private List<String> archivedIds = List.of();

    /** The head, {@code --keep-latest} and the todos this write archived (a preview: would archive). */
    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new TodoArchiveAnswer(head, keep, archivedIds);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return ArchiveTodos.run(invocation, options, new ArchiveCompleted(goalId, orEmpty(agentId), keep))
                .peek(a -> archivedIds = a.todoIds())
                .map(ArchiveTodos.Archived::outcome);
    }
}
