package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.ledger.ProposedEvent;
import java.util.List;
import java.util.Objects;

/**
 * What every goal write's answer starts with: its {@code schema_version}, {@code ok}, the goal, and
 * either the preview ({@code dry_run}, {@code preview}: what would be appended) or the write
 * ({@code changed}, {@code receipt}). The answers of the write commands hold one and add their own
 * facts after it.
 *
 * @param schemaVersion the answer's {@code schema_version}
 * @param goalId        the goal written to
 * @param outcome       the preview or the write
 */
public record GoalWriteHead(String schemaVersion, String goalId, GoalWrites.Outcome outcome) {
    public GoalWriteHead {
        Objects.requireNonNull(schemaVersion, "schemaVersion");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(outcome, "outcome");
    }

    /** The head's fields, in their order, in a new answer document. */
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(schemaVersion, true);
        doc.put("goal_id", goalId);
        switch (outcome) {
            case GoalWrites.Outcome.Previewed p -> {
                doc.put("dry_run", true);
                doc.set("preview", Receipts.wouldAppend(p.wouldAppend()));
            }
            case GoalWrites.Outcome.Written w -> {
                doc.put("changed", w.receipt().changed());
                doc.set("receipt", Receipts.appended(w.receipt()));
            }
        }
        return doc;
    }

    /** Whether nothing was written (a preview). */
    boolean preview() {
        return outcome instanceof GoalWrites.Outcome.Previewed;
    }

    /** Whether the write was recorded but changed nothing (already so, or the same request replayed). */
    boolean unchanged() {
        return outcome instanceof GoalWrites.Outcome.Written w && !w.receipt().changed();
    }

    /** Whether the write appended events (not a preview, not a replay, not already so): the document's {@code changed}. */
    boolean changed() {
        return outcome instanceof GoalWrites.Outcome.Written w && w.receipt().changed();
    }

    /** The events the preview would append, in order; none for a write. */
    List<ProposedEvent> wouldAppend() {
        return outcome instanceof GoalWrites.Outcome.Previewed p ? p.wouldAppend() : List.of();
    }

    /** The receipt as words ({@code seq 8–9 (todo.completed, todo.added)}); empty for a preview. */
    String recorded() {
        return outcome instanceof GoalWrites.Outcome.Written w ? Receipts.line(w.receipt()) : "";
    }

    /** What a preview says to do next (repeat it to record it); nothing after a write. */
    String next() {
        return preview() ? Previews.next(schemaVersion) : "";
    }
}
