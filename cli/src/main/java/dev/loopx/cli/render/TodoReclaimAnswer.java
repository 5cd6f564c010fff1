package dev.loopx.cli.render;

import static dev.loopx.cli.render.Words.quoted;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.projections.todo.TodoView;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx todo reclaim}'s answer, {@code loopx_todo_reclaim_v0}: the write's head, the
 * {@code todo_id}, and the {@code todo} as it is after the write (now, for a preview), whose
 * {@code claim_epoch} and {@code reclaims[]} say whose claim was taken back.
 *
 * <p>Its text says whose claim was (or would be) taken back and the epoch after it.
 *
 * @param head   the write's schema, goal and preview or receipt
 * @param todoId the todo whose claim is taken back
 */
public record TodoReclaimAnswer(GoalWriteHead head, String todoId) implements RenderedAnswer {
    public TodoReclaimAnswer {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(todoId, "todoId");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("todo_id", todoId);
        head.outcome().todo().ifPresent(t -> doc.set("todo", TodoParts.record(t)));
        return doc;
    }

    void text(PrintWriter out) {
        Optional<TodoView> todo = head.outcome().todo();
        String what = todoId + todo.map(t -> " " + quoted(t.text())).orElse("");
        if (head.preview()) {
            String from = todo.map(TodoView::claimedBy).orElse("");
            boolean reclaims =
                    head.wouldAppend().stream().map(ProposedEvent::type).anyMatch("todo.reclaimed"::equals);
            out.println("preview: would take the claim of " + (from.isEmpty() ? "its holder" : from) + " on " + what
                    + (reclaims ? "" : " (nothing to take back)") + " back (nothing written)");
            new Lines(out).add("next", head.next()).print();
            return;
        }
        Optional<TodoView.Reclaim> last = todo.filter(t -> !t.reclaims().isEmpty())
                .map(t -> t.reclaims().get(t.reclaims().size() - 1));
        out.println("took the claim of " + last.map(TodoView.Reclaim::agentId).orElse("its holder") + " on " + what
                + " back: the todo is free (claim epoch "
                + todo.map(TodoView::claimEpoch).orElse(0L) + ")");
        new Lines(out)
                .add("reason", last.map(TodoView.Reclaim::reason).orElse(""))
                .add(
                        "fenced",
                        last.map(r -> r.agentId() + "'s writes naming this todo are refused (claim_epoch_mismatch)"
                                        + " until it claims it again")
                                .orElse(""))
                .add("recorded", head.recorded())
                .print();
    }
}
