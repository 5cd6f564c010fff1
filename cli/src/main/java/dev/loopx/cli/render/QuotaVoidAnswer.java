package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.projections.quota.QuotaStatus;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx quota void-slot}'s answer, {@code loopx_quota_void_v0}: the write's head, then the
 * goal's quota after it ({@code quota}).
 *
 * <p>Its text: what was voided (or would be, and at which seq), the slots now spent, where it was
 * recorded, and for a preview how to record it.
 *
 * @param spentSeq the seq of the spend to void ({@code --spent-seq})
 */
public record QuotaVoidAnswer(GoalWriteHead head, long spentSeq) implements RenderedAnswer {
    public QuotaVoidAnswer {
        Objects.requireNonNull(head, "head");
    }

    /** The quota after the write (now, for a preview), when the goal is registered. */
    private Optional<QuotaSlots> quota() {
        GoalWrites.Outcome outcome = head.outcome();
        return outcome.goal().map(goal -> {
            QuotaStatus now = outcome.quota().orElseThrow();
            return QuotaSlots.of(now.spentSlots(), now, goal.stopped());
        });
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        quota().ifPresent(q -> doc.set("quota", q.json()));
        return doc;
    }

    void text(PrintWriter out) {
        Optional<QuotaSlots> q = quota();
        out.println(what() + " · now "
                + q.map(s -> String.valueOf(s.spent())).orElse("") + " of "
                + q.map(s -> String.valueOf(s.allowed())).orElse("") + " slots spent ("
                + q.map(s -> s.state().wire()).orElse("") + ")");
        new Lines(out).add("recorded", head.recorded()).add("next", head.next()).print();
    }

    /** What was voided; a preview names the spend's seq when it would append the void. */
    private String what() {
        if (head.preview()) {
            return "preview: would void the spend" + (head.wouldAppend().isEmpty() ? "" : " at seq " + spentSeq)
                    + " (nothing written)";
        }
        return head.unchanged()
                ? "that spend is already voided: nothing new recorded"
                : "voided the spend: its slot is free again";
    }
}
