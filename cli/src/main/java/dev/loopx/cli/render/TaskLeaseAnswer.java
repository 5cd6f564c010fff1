package dev.loopx.cli.render;

import static dev.loopx.cli.render.Words.quoted;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.projections.todo.TodoLease;
import dev.loopx.projections.todo.TodoView;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx task-lease acquire|renew|transfer|release|inspect}'s answer,
 * {@code loopx_task_lease_v0}: the write's head (none for {@code inspect}), the {@code action}, the
 * {@code todo_id}, and when the todo is known its lease at the command's time: {@code lease_state}
 * ({@code none}, {@code live}, {@code expired}), {@code active}, {@code lease{holder, acquired_at,
 * expires_at, ttl_minutes}} or null, its {@code claimed_by} and the todo ({@code todo_item_v0}).
 *
 * <p>Its text is the lease now ({@code leased todo_… "…" to builder until …}, expired, or none with
 * the soft claim), then the claim, since when, the TTL and the receipt.
 *
 * @param goalId the goal
 * @param action {@code acquire}, {@code renew}, {@code transfer}, {@code release} or {@code inspect}
 * @param todoId the todo asked about
 * @param todo   the todo after the write (now, for a preview or {@code inspect}); empty when unknown
 * @param write  the write's head; empty for {@code inspect}, which writes nothing
 * @param now    the command's time, for the lease's state
 */
public record TaskLeaseAnswer(
        String goalId,
        String action,
        String todoId,
        Optional<TodoView> todo,
        Optional<GoalWriteHead> write,
        Instant now)
        implements RenderedAnswer {
    private static final String SCHEMA = "loopx_task_lease_v0";

    public TaskLeaseAnswer {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(todo, "todo");
        Objects.requireNonNull(write, "write");
        Objects.requireNonNull(now, "now");
    }

    /** The answer of a lease write ({@code head}'s schema is {@code loopx_task_lease_v0}). */
    public static TaskLeaseAnswer written(GoalWriteHead head, String action, String todoId, Instant now) {
        return new TaskLeaseAnswer(head.goalId(), action, todoId, head.outcome().todo(), Optional.of(head), now);
    }

    /** The answer of {@code task-lease inspect}: the todo's lease now. */
    public static TaskLeaseAnswer inspected(String goalId, String todoId, TodoView todo, Instant now) {
        return new TaskLeaseAnswer(goalId, "inspect", todoId, Optional.of(todo), Optional.empty(), now);
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = write.map(GoalWriteHead::json).orElseGet(this::head);
        doc.put("action", action);
        doc.put("todo_id", todoId);
        todo.ifPresent(t -> putLease(doc, t));
        return doc;
    }

    private ObjectNode head() {
        ObjectNode doc = Documents.answer(SCHEMA, true);
        doc.put("goal_id", goalId);
        return doc;
    }

    private void putLease(ObjectNode doc, TodoView t) {
        TodoLease lease = t.lease();
        TodoLease.State state = lease.state(now);
        doc.put("lease_state", state.wire());
        doc.put("active", state == TodoLease.State.LIVE);
        if (lease.present()) {
            ObjectNode l = doc.putObject("lease");
            l.put("schema_version", "task_lease_v0");
            l.put("holder", lease.holder());
            l.put("acquired_at", lease.acquiredAt());
            l.put("expires_at", lease.expiresAt());
            l.put("ttl_minutes", lease.ttlMinutes());
        } else {
            doc.putNull("lease");
        }
        doc.put("claimed_by", t.claimedBy());
        doc.set("todo", TodoParts.item(t, now));
    }

    void text(PrintWriter out) {
        String line = leaseLine();
        if (write.filter(GoalWriteHead::preview).isPresent()) {
            line = "dry run of task-lease " + action + ", nothing written; now: " + line;
        } else if (write.filter(GoalWriteHead::unchanged).isPresent()) {
            line = line + " — already so, nothing new was recorded";
        }
        out.println(line);
        Optional<TodoLease> lease = todo.map(TodoView::lease).filter(TodoLease::present);
        Lines lines = new Lines(out);
        lines.add("claimed by", todo.map(TodoView::claimedBy).orElse(""));
        lines.add("acquired", lease.map(l -> Words.when(l.acquiredAt(), now)).orElse(""));
        lines.add("ttl", lease.map(l -> l.ttlMinutes() + " min").orElse(""));
        lines.add("recorded", write.map(GoalWriteHead::recorded).orElse(""));
        lines.print();
    }

    /** The lease now, in words. */
    private String leaseLine() {
        String what = todoId + " " + quoted(todo.map(TodoView::text).orElse(""));
        TodoLease.State state = todo.map(t -> t.lease().state(now)).orElse(TodoLease.State.NONE);
        TodoLease lease = todo.map(TodoView::lease).orElse(TodoLease.NONE);
        String claimedBy = todo.map(TodoView::claimedBy).orElse("");
        return switch (state) {
            case LIVE -> "leased " + what + " to " + lease.holder() + " until " + Words.when(lease.expiresAt(), now);
            case EXPIRED ->
                "the lease of " + lease.holder() + " on " + what + " expired at " + Words.when(lease.expiresAt(), now)
                        + ": the todo is free";
            case NONE -> {
                // a release that was recorded says so ("no lease on …" read like a failure)
                boolean released = "release".equals(action)
                        && write.filter(w -> !w.preview() && !w.unchanged()).isPresent();
                yield (released ? "released the lease on " : "no lease on ")
                        + what
                        + (claimedBy.isEmpty()
                                ? (released ? ": the todo is free" : "")
                                : " (soft claim by " + claimedBy + (released ? " kept" : "") + ")");
            }
        };
    }
}
