package dev.loopx.projections.todo;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.TaskLeaseAcquired;
import dev.loopx.ledger.event.TaskLeaseReleased;
import dev.loopx.ledger.event.TaskLeaseRenewed;
import dev.loopx.ledger.event.TaskLeaseTransferred;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoArchived;
import dev.loopx.ledger.event.TodoCapabilitiesRequired;
import dev.loopx.ledger.event.TodoClaimCleared;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoReclaimed;
import dev.loopx.ledger.event.TodoSuperseded;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Folds todo events into two views keyed {@code <goal id>/<todo id>}: {@code todo_open} holds the
 * todos that are not done (open, blocked, deferred), {@code todo} the done ones and
 * {@code todo_archived} the done ones {@code todo archive-completed} put out of the default reads;
 * a todo moves between them when its status crosses {@code done} or it is archived (an archived
 * todo is done for good, so it never moves back). View {@code todo_counts} (key: goal id) counts
 * the done ones ({@link TodoCounts}), archived ones included. So the heartbeat's questions read
 * O(open work) rows however many todos a goal has finished, and listing the finished ones reads
 * only those not archived.
 */
public final class TodoFold {
    /** Done todos. */
    public static final String VIEW = "todo";
    /** Todos that are not done. */
    public static final String OPEN_VIEW = "todo_open";

    /** Done todos put out of the default reads. */
    public static final String ARCHIVED_VIEW = "todo_archived";

    public static final String COUNTS_VIEW = "todo_counts";

    /** Which open todos each agent claims (key {@code <goal>/<agent>}): a lane's claims without a scan. */
    public static final String CLAIMS_VIEW = "todo_claims";

    // not Comparator.comparingLong: its own lambda is linked at run time, outside the archive (ADR 0003)
    private static final Comparator<TodoView> CREATION = (a, b) -> Long.compare(a.createdSeq(), b.createdSeq());

    private TodoFold() {}

    /** A todo of the goal by id, whichever view holds it (archived ones included). */
    public static Optional<TodoView> todo(Views views, String goalId, String todoId) {
        String key = goalId + "/" + todoId;
        Optional<TodoView> open = Documents.get(views, OPEN_VIEW, key, TodoView.class);
        return open.isPresent() ? open : doneTodo(views, goalId, todoId);
    }

    /** A done todo of the goal (view {@code todo}, then {@code todo_archived}). */
    public static Optional<TodoView> doneTodo(Views views, String goalId, String todoId) {
        String key = goalId + "/" + todoId;
        Optional<TodoView> done = Documents.get(views, VIEW, key, TodoView.class);
        return done.isPresent() ? done : Documents.get(views, ARCHIVED_VIEW, key, TodoView.class);
    }

    /** The archived todos of the goal, ordered by creation. */
    public static List<TodoView> archivedTodos(Views views, String goalId) {
        return Documents.list(views, ARCHIVED_VIEW, goalId + "/", TodoView.class).stream()
                .sorted(CREATION)
                .toList();
    }

    /** Every todo of the goal but the archived ones, ordered by creation (reads the done ones too). */
    public static List<TodoView> todos(Views views, String goalId) {
        List<TodoView> all = new ArrayList<>(openTodos(views, goalId));
        all.addAll(Documents.list(views, VIEW, goalId + "/", TodoView.class));
        all.sort(CREATION);
        return List.copyOf(all);
    }

    /** The todos of the goal that are not done, ordered by creation. */
    public static List<TodoView> openTodos(Views views, String goalId) {
        return Documents.list(views, OPEN_VIEW, goalId + "/", TodoView.class).stream()
                .sorted(CREATION)
                .toList();
    }

    public static TodoCounts counts(Views views, String goalId) {
        return Documents.get(views, COUNTS_VIEW, goalId, TodoCounts.class).orElse(TodoCounts.NONE);
    }

    public static void added(Views views, Recorded r, TodoAdded e) {
        if (todo(views, r.goalId(), e.todoId()).isPresent()) {
            return;
        }
        put(
                views,
                null,
                new TodoView(
                        e.todoId(),
                        r.goalId(),
                        TodoRole.recorded(e.role()),
                        TodoStatus.OPEN,
                        e.text(),
                        TaskClass.recorded(e.taskClass()),
                        Priority.recorded(e.priority()),
                        e.claimedBy(),
                        e.blocksAgent(),
                        e.globalGate(),
                        e.excludedAgents(),
                        e.unblocksTodoId(),
                        e.resumeWhen(),
                        false,
                        "",
                        "",
                        "",
                        List.of(),
                        List.of(),
                        TodoLease.NONE,
                        r.seq(),
                        r.seq(),
                        "",
                        0));
    }

    /** A claim by another agent than the lease's holder (possible only once the lease expired) ends that lease. */
    public static void claimed(Views views, Recorded r, TodoClaimed e) {
        todo(views, r.goalId(), e.todoId())
                .ifPresent(t -> put(
                        views,
                        t,
                        t.withLease(
                                e.agentId(),
                                t.lease().holder().equals(e.agentId()) ? t.lease() : TodoLease.NONE,
                                r.seq())));
    }

    /** A cleared claim takes its lease with it. */
    public static void claimCleared(Views views, Recorded r, TodoClaimCleared e) {
        todo(views, r.goalId(), e.todoId()).ifPresent(t -> put(views, t, t.withLease("", TodoLease.NONE, r.seq())));
    }

    /**
     * A claim taken back ({@code todo reclaim}): the todo is free, without a lease, at the event's
     * epoch, and the agent it was taken from is fenced until it claims the todo again. A todo that
     * is gone or done is left as it is.
     */
    public static void reclaimed(Views views, Recorded r, TodoReclaimed e) {
        todo(views, r.goalId(), e.todoId())
                .filter(t -> !t.done())
                .ifPresent(t -> put(views, t, t.reclaimed(e.fromAgentId(), e.reason(), e.epochAfter(), r.seq())));
    }

    public static void capabilitiesRequired(Views views, Recorded r, TodoCapabilitiesRequired e) {
        todo(views, r.goalId(), e.todoId())
                .ifPresent(t -> put(views, t, t.withCapabilities(e.capabilities(), r.seq())));
    }

    /** The acquirer holds the claim and a lease until {@code recorded_at + ttl}. */
    public static void leaseAcquired(Views views, Recorded r, TaskLeaseAcquired e) {
        todo(views, r.goalId(), e.todoId())
                .ifPresent(t -> put(
                        views,
                        t,
                        t.withLease(
                                e.agentId(),
                                TodoLease.of(e.agentId(), r.recordedAt(), r.recordedAt(), e.ttlMinutes()),
                                r.seq())));
    }

    public static void leaseRenewed(Views views, Recorded r, TaskLeaseRenewed e) {
        todo(views, r.goalId(), e.todoId())
                .filter(t -> t.lease().holder().equals(e.agentId()))
                .ifPresent(t -> put(
                        views,
                        t,
                        t.withLease(
                                t.claimedBy(),
                                TodoLease.of(e.agentId(), t.lease().acquiredAt(), r.recordedAt(), e.ttlMinutes()),
                                r.seq())));
    }

    public static void leaseTransferred(Views views, Recorded r, TaskLeaseTransferred e) {
        todo(views, r.goalId(), e.todoId())
                .ifPresent(t -> put(
                        views,
                        t,
                        t.withLease(
                                e.toAgentId(),
                                TodoLease.of(e.toAgentId(), r.recordedAt(), r.recordedAt(), e.ttlMinutes()),
                                r.seq())));
    }

    /** A released lease frees the todo: the lease and the claim it carried both end. */
    public static void leaseReleased(Views views, Recorded r, TaskLeaseReleased e) {
        todo(views, r.goalId(), e.todoId())
                .filter(t -> t.lease().holder().equals(e.agentId()))
                .ifPresent(t -> put(
                        views,
                        t,
                        t.withLease(t.claimedBy().equals(e.agentId()) ? "" : t.claimedBy(), TodoLease.NONE, r.seq())));
    }

    public static void updated(Views views, Recorded r, TodoUpdated e) {
        todo(views, r.goalId(), e.todoId())
                .ifPresent(t -> put(
                        views,
                        t,
                        t.with(TodoStatus.recorded(e.status()), e.text(), e.resumeWhen(), t.claimedBy(), r.seq())));
    }

    public static void completed(Views views, Recorded r, TodoCompleted e) {
        todo(views, r.goalId(), e.todoId())
                .ifPresent(t -> put(
                        views,
                        t,
                        t.completed(
                                e.evidence(),
                                e.noFollowup(),
                                e.decisionOutcome(),
                                "",
                                e.successorTodoIds(),
                                e.validationCommand(),
                                r.seq())));
    }

    public static void superseded(Views views, Recorded r, TodoSuperseded e) {
        todo(views, r.goalId(), e.todoId())
                .ifPresent(t -> put(
                        views, t, t.completed(t.evidence(), false, "", e.replacementTodoId(), List.of(), "", r.seq())));
    }

    /** Moves each named done todo that is not archived yet to {@code todo_archived}; anything else is left as it is. */
    public static void archived(Views views, Recorded r, TodoArchived e) {
        for (String id : e.todoIds()) {
            todo(views, r.goalId(), id)
                    .filter(t -> t.done() && !t.archived())
                    .ifPresent(t -> put(views, t, t.archive(r.seq())));
        }
    }

    /** The ids of the open todos an agent claims, in claim order (view {@value #CLAIMS_VIEW}, key {@code <goal>/<agent>}). */
    public record Claims(List<String> todoIds) {
        public Claims {
            todoIds = List.copyOf(todoIds);
        }
    }

    /** Open todos claimed by {@code agentId}: a point read (no scan), for folds that need a lane's claims. */
    public static List<TodoView> claimedBy(Views views, String goalId, String agentId) {
        if (agentId.isEmpty()) {
            return List.of();
        }
        List<TodoView> held = new ArrayList<>();
        for (String id : Documents.get(views, CLAIMS_VIEW, goalId + "/" + agentId, Claims.class)
                .map(Claims::todoIds)
                .orElse(List.of())) {
            todo(views, goalId, id).ifPresent(held::add);
        }
        return held;
    }

    private static void claims(Views views, String goalId, String agentId, String todoId, boolean add) {
        if (agentId.isEmpty()) {
            return;
        }
        String key = goalId + "/" + agentId;
        List<String> ids = new ArrayList<>(Documents.get(views, CLAIMS_VIEW, key, Claims.class)
                .map(Claims::todoIds)
                .orElse(List.of()));
        ids.remove(todoId);
        if (add) {
            ids.add(todoId);
        }
        if (ids.isEmpty()) {
            views.remove(CLAIMS_VIEW, key);
        } else {
            Documents.put(views, CLAIMS_VIEW, key, new Claims(ids));
        }
    }

    private static String viewOf(TodoView todo) {
        return !todo.done() ? OPEN_VIEW : todo.archived() ? ARCHIVED_VIEW : VIEW;
    }

    private static void put(Views views, TodoView before, TodoView todo) {
        String key = todo.goalId() + "/" + todo.todoId();
        Documents.put(views, viewOf(todo), key, todo);
        if (before != null && !viewOf(before).equals(viewOf(todo))) {
            views.remove(viewOf(before), key);
        }
        String heldBefore = before == null || before.done() ? "" : before.claimedBy();
        String heldNow = todo.done() ? "" : todo.claimedBy();
        if (!heldBefore.equals(heldNow)) {
            claims(views, todo.goalId(), heldBefore, todo.todoId(), false);
            claims(views, todo.goalId(), heldNow, todo.todoId(), true);
        }
        TodoCounts was = TodoCounts.of(before);
        TodoCounts now = TodoCounts.of(todo);
        if (!was.equals(now)) {
            Documents.put(
                    views,
                    COUNTS_VIEW,
                    todo.goalId(),
                    counts(views, todo.goalId()).plus(was, -1).plus(now, 1));
        }
    }
}
