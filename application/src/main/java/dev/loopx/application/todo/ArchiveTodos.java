package dev.loopx.application.todo;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.commands.todo.TodoArchiving;
import dev.loopx.commands.todo.TodoCommands.ArchiveCompleted;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoView;
import io.vavr.control.Either;
import java.util.List;
import java.util.Objects;

/**
 * Use case "archive the finished todos" ({@code todo archive-completed}): one goal write through
 * {@link GoalWrites} (the decider picks the todos), answered with the ids it archived — those
 * whose {@code archived_seq} is one of the write's seqs, so a replay under the same operation id
 * names the same todos — or, for a preview, the ids it would archive ({@link TodoArchiving#toArchive}
 * on the state the preview decided on).
 */
public final class ArchiveTodos {
    private ArchiveTodos() {}

    /** The write's outcome and the todos it archived (would archive, for a preview), in creation order. */
    public record Archived(GoalWrites.Outcome outcome, List<String> todoIds) {
        public Archived {
            Objects.requireNonNull(outcome, "outcome");
            todoIds = List.copyOf(todoIds);
        }
    }

    public static Either<Rejection, Archived> run(
            Invocation invocation, WriteOptions options, ArchiveCompleted command) {
        return GoalWrites.run(invocation, options, new GoalWrite.Todo(command))
                .map(outcome -> new Archived(outcome, archived(invocation, command, outcome)));
    }

    private static List<String> archived(Invocation invocation, ArchiveCompleted command, GoalWrites.Outcome outcome) {
        boolean preview = outcome instanceof GoalWrites.Outcome.Previewed;
        List<Long> seqs =
                outcome instanceof GoalWrites.Outcome.Written w ? w.receipt().seqs() : List.of();
        if (!preview && seqs.isEmpty()) {
            return List.of();
        }
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            return GoalState.load(runtime.views(), command.goalId())
                    .map(s -> preview
                            ? TodoArchiving.toArchive(s, command.keepLatest())
                            : s.archivedTodos().stream()
                                    .filter(t -> seqs.contains(t.archivedSeq()))
                                    .map(TodoView::todoId)
                                    .toList())
                    .orElse(List.of());
        }
    }
}
