package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.goal.GoalWrites;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx todo archive-completed}'s answer, {@code loopx_todo_archive_completed_v0}: the
 * write's head, {@code keep_latest}, and the todos it archived ({@code archived_todo_ids},
 * {@code archived_count}; for a preview, those it would archive).
 *
 * <p>Its text says how many finished todos left the default reads (or would, or that there was
 * nothing to archive), lists the first ten ids, the receipt, and what to do next.
 *
 * @param head            the write's schema, goal and preview or receipt
 * @param keepLatest      how many of the latest finished todos stay in the default reads
 * @param archivedTodoIds the todos archived (would be, for a preview), in creation order
 */
public record TodoArchiveAnswer(GoalWriteHead head, int keepLatest, List<String> archivedTodoIds)
        implements RenderedAnswer {
    /** How many ids the text lists before it says how many more there are. */
    private static final int LISTED = 10;

    public TodoArchiveAnswer {
        Objects.requireNonNull(head, "head");
        archivedTodoIds = List.copyOf(archivedTodoIds);
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("keep_latest", keepLatest);
        ArrayNode ids = doc.putArray("archived_todo_ids");
        archivedTodoIds.forEach(ids::add);
        doc.put("archived_count", ids.size());
        return doc;
    }

    void text(PrintWriter out) {
        out.println(answerLine());
        Lines lines = new Lines(out);
        lines.add("archived", listed());
        lines.add("recorded", head.recorded());
        lines.add("next", next());
        lines.print();
    }

    private String answerLine() {
        String goal = " in goal " + head.goalId();
        String kept = keepLatest > 0 ? " (the latest " + keepLatest + " finished stay in view)" : "";
        if (archivedTodoIds.isEmpty()) {
            return (replayed() ? "already archived by this operation" : "nothing to archive") + goal + kept;
        }
        boolean preview = head.preview();
        return (preview ? "preview: would archive " : "archived ")
                + Words.count(archivedTodoIds.size(), "finished todo")
                + goal
                + kept
                + (preview ? " (nothing written)" : "");
    }

    private boolean replayed() {
        return head.outcome() instanceof GoalWrites.Outcome.Written w
                && w.receipt().replayed();
    }

    /** The first ids, then how many more there are. */
    private List<String> listed() {
        if (archivedTodoIds.size() <= LISTED) {
            return archivedTodoIds;
        }
        List<String> listed = new ArrayList<>(archivedTodoIds.subList(0, LISTED));
        listed.add("… " + (archivedTodoIds.size() - LISTED) + " more (--json lists them all)");
        return listed;
    }

    private String next() {
        if (archivedTodoIds.isEmpty()) {
            return "";
        }
        return head.preview()
                ? "repeat the command without --dry-run to record it"
                : "loopx todo list --goal-id " + head.goalId() + " --include-archived shows them";
    }
}
