package dev.loopx.cli.render;

import static dev.loopx.cli.render.Words.quoted;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.projections.monitor.MonitorView;
import dev.loopx.projections.todo.TodoView;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx quota monitor-poll}'s answer, {@code loopx_quota_monitor_poll_v0}: the write's head,
 * the {@code todo_id} and the todo, the {@code poll} (its digest, whether it saw a material change,
 * the interval and next due time it set, and that it spends no quota), and the {@code monitor}
 * after the write (now, for a preview) or null.
 *
 * <p>Its text is one line saying what the poll saw and when the monitor is due next
 * ({@code polled todo_… "Watch CI": no change, due next 2026-03-01T13:00:00Z (after 60 min)}), then
 * the streak, what to do next, the quota and the receipt.
 *
 * @param head           the write's schema, goal and preview or receipt
 * @param todoId         the monitor todo polled
 * @param resultDigest   the digest of what the poll saw
 * @param materialChange whether the poll saw a material change
 * @param due            when the poll set the monitor due next; empty when it is not known
 * @param monitor        the monitor's settings and poll history after the write (now, for a preview)
 */
public record MonitorPollAnswer(
        GoalWriteHead head,
        String todoId,
        String resultDigest,
        boolean materialChange,
        Optional<Due> due,
        Optional<MonitorView> monitor)
        implements RenderedAnswer {
    public MonitorPollAnswer {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(resultDigest, "resultDigest");
        Objects.requireNonNull(due, "due");
        Objects.requireNonNull(monitor, "monitor");
    }

    /**
     * The next poll the poll set (or would set).
     *
     * @param intervalMinutes the interval chosen, in minutes
     * @param nextDueAt       when the monitor is due next, RFC 3339 UTC (empty: not set)
     */
    public record Due(int intervalMinutes, String nextDueAt) {
        public Due {
            Objects.requireNonNull(nextDueAt, "nextDueAt");
        }
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("todo_id", todoId);
        head.outcome().todo().ifPresent(t -> doc.set("todo", TodoParts.record(t)));
        ObjectNode n = doc.putObject("poll");
        n.put("result_digest", resultDigest);
        n.put("material_change", materialChange);
        due.ifPresent(d -> {
            n.put("interval_minutes", d.intervalMinutes());
            n.put("next_due_at", d.nextDueAt());
        });
        n.put("spends_quota", false);
        if (monitor.isPresent()) {
            doc.set("monitor", MonitorPart.of(monitor.get()));
        } else {
            doc.putNull("monitor");
        }
        return doc;
    }

    void text(PrintWriter out) {
        boolean preview = head.preview();
        out.println((preview ? "preview: would record a poll of " : "polled ") + todoId + " "
                + quoted(head.outcome().todo().map(TodoView::text).orElse("")) + ": "
                + (materialChange ? "material change" : "no change")
                + dueNext()
                + (preview ? " (nothing written)" : ""));
        Lines lines = new Lines(out);
        monitor.ifPresent(m -> {
            lines.add("unchanged polls", String.valueOf(m.consecutiveNoChange()));
            lines.add("watch ends", m.expiresAt());
        });
        lines.add(
                "next",
                preview
                        ? "repeat the command without --dry-run to record it"
                        : materialChange ? "turn the change into advancement work: loopx todo add --role agent" : "");
        lines.add("quota", "not spent (a poll is a no-spend receipt)");
        lines.add("recorded", head.recorded());
        lines.print();
    }

    /** {@code , due next … (after N min)}, or nothing when the next due time is not known. */
    private String dueNext() {
        return due.filter(d -> !d.nextDueAt().isEmpty())
                .map(d -> ", due next " + d.nextDueAt() + " (after " + d.intervalMinutes() + " min)")
                .orElse("");
    }
}
