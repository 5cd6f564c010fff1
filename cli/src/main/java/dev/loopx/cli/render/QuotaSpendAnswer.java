package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.projections.quota.QuotaStatus;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx quota spend-slot}'s answer, {@code loopx_quota_spend_v0}: the write's head, then the
 * goal's quota before and after the spend of {@code slots} (after = before + slots: a preview adds
 * the spend, a write's quota already holds it).
 *
 * <p>Its text: {@code spent 1 slot: 0 → 1 of 1440 spent (active)}, where it was recorded, and for a
 * preview how to record it.
 */
public record QuotaSpendAnswer(GoalWriteHead head, int slots) implements RenderedAnswer {
    public QuotaSpendAnswer {
        Objects.requireNonNull(head, "head");
    }

    /** The quota before and after the spend. */
    private record Spend(QuotaSlots before, QuotaSlots after) {}

    /** The spend, when the goal is registered. */
    private Optional<Spend> spend() {
        GoalWrites.Outcome outcome = head.outcome();
        return outcome.goal().map(goal -> {
            QuotaStatus now = outcome.quota().orElseThrow();
            long before = head.changed() ? now.spentSlots() - slots : now.spentSlots();
            return new Spend(
                    QuotaSlots.of(before, now, goal.stopped()), QuotaSlots.of(before + slots, now, goal.stopped()));
        });
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        spend().ifPresent(s -> {
            doc.set("before", s.before().json());
            doc.set("after", s.after().json());
            doc.put("slots", slots);
        });
        return doc;
    }

    void text(PrintWriter out) {
        Optional<Spend> spend = spend();
        Optional<QuotaSlots> after = spend.map(Spend::after);
        out.println((head.preview() ? "preview: would spend" : "spent") + " "
                + Words.count(spend.isPresent() ? slots : 1, "slot") + ": "
                + spend.map(s -> String.valueOf(s.before().spent())).orElse("") + " → "
                + after.map(a -> String.valueOf(a.spent())).orElse("") + " of "
                + after.map(a -> String.valueOf(a.allowed())).orElse("") + " spent ("
                + after.map(s -> s.state().wire()).orElse("") + ")");
        new Lines(out).add("recorded", head.recorded()).add("next", head.next()).print();
    }
}
