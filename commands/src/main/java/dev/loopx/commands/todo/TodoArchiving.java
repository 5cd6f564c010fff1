package dev.loopx.commands.todo;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.AgentDecider;
import dev.loopx.commands.todo.TodoCommands.ArchiveCompleted;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoArchived;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoView;
import io.vavr.control.Either;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Decides {@code todo archive-completed}: which finished todos leave the default reads. Only done
 * todos (completed or superseded) are archived, never open, blocked or deferred ones; the
 * {@code keepLatest} most recently finished ones (by the ledger position of their last change)
 * stay. One {@code todo.archived} names them all; with nothing to archive the decision changes
 * nothing. The owner archives without an agent id; a named agent must be registered. Pure.
 */
public final class TodoArchiving {
    private static final Comparator<TodoView> LATEST_FIRST = Comparator.comparingLong(TodoView::updatedSeq)
            .reversed()
            .thenComparing(Comparator.comparingLong(TodoView::createdSeq).reversed());

    private TodoArchiving() {}

    static Either<Rejection, List<LoopxEvent>> decide(ArchiveCompleted c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        GoalState s = state.get();
        if (!c.agentId().isEmpty()) {
            Optional<Rejection> actor = AgentDecider.checkActor(s, c.agentId());
            if (actor.isPresent()) {
                return Decision.reject(actor.get());
            }
        }
        List<String> archive = toArchive(s, c.keepLatest());
        return archive.isEmpty() ? Decision.unchanged() : Decision.accept(new TodoArchived(c.agentId(), archive));
    }

    /** The finished todos not archived yet, but the {@code keepLatest} most recently finished, in creation order. */
    public static List<String> toArchive(GoalState s, int keepLatest) {
        return s.todos().stream()
                .filter(TodoView::done)
                .sorted(LATEST_FIRST)
                .skip(keepLatest)
                .sorted(Comparator.comparingLong(TodoView::createdSeq))
                .map(TodoView::todoId)
                .toList();
    }
}
