package dev.loopx.projections.todo;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoClaimCleared;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoSuperseded;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.List;
import java.util.Optional;

/** Folds todo events into view {@code todo} (key: {@code <goal id>/<todo id>}). */
public final class TodoFold {
    public static final String VIEW = "todo";

    private TodoFold() {}

    public static Optional<TodoView> todo(Views views, String goalId, String todoId) {
        return Documents.get(views, VIEW, goalId + "/" + todoId, TodoView.class);
    }

    /** Every todo of the goal, ordered by creation. */
    public static List<TodoView> todos(Views views, String goalId) {
        return Documents.list(views, VIEW, goalId + "/", TodoView.class).stream()
                .sorted(java.util.Comparator.comparingLong(TodoView::createdSeq)).toList();
    }

    public static void added(Views views, Recorded r, TodoAdded e) {
        if (todo(views, r.goalId(), e.todoId()).isPresent()) {
            return;
        }
        put(views, new TodoView(e.todoId(), r.goalId(), e.role(), "open", e.text(), e.taskClass(), e.priority(),
                e.claimedBy(), e.blocksAgent(), e.globalGate(), e.excludedAgents(), e.unblocksTodoId(), e.resumeWhen(),
                false, "", "", "", List.of(), r.seq(), r.seq()));
    }

    public static void claimed(Views views, Recorded r, TodoClaimed e) {
        todo(views, r.goalId(), e.todoId()).ifPresent(t ->
                put(views, t.with(t.status(), t.text(), t.resumeWhen(), e.agentId(), r.seq())));
    }

    public static void claimCleared(Views views, Recorded r, TodoClaimCleared e) {
        todo(views, r.goalId(), e.todoId()).ifPresent(t ->
                put(views, t.with(t.status(), t.text(), t.resumeWhen(), "", r.seq())));
    }

    public static void updated(Views views, Recorded r, TodoUpdated e) {
        todo(views, r.goalId(), e.todoId()).ifPresent(t ->
                put(views, t.with(e.status(), e.text(), e.resumeWhen(), t.claimedBy(), r.seq())));
    }

    public static void completed(Views views, Recorded r, TodoCompleted e) {
        todo(views, r.goalId(), e.todoId()).ifPresent(t ->
                put(views, t.completed(e.evidence(), e.noFollowup(), e.decisionOutcome(), "", e.successorTodoIds(), r.seq())));
    }

    public static void superseded(Views views, Recorded r, TodoSuperseded e) {
        todo(views, r.goalId(), e.todoId()).ifPresent(t ->
                put(views, t.completed(t.evidence(), false, "", e.replacementTodoId(), List.of(), r.seq())));
    }

    private static void put(Views views, TodoView todo) {
        Documents.put(views, VIEW, todo.goalId() + "/" + todo.todoId(), todo);
    }
}
