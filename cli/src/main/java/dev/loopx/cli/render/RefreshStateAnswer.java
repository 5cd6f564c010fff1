package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx refresh-state}'s answer, {@code loopx_refresh_state_v0}: the write's head, whether the
 * evidence is accountable (it may pay for one quota slot) and that the write spends none.
 *
 * <p>Its text says the evidence was recorded and whether it may pay for a slot (a preview reads the
 * same: only its missing receipt tells them apart).
 */
public record RefreshStateAnswer(GoalWriteHead head, boolean accountable) implements RenderedAnswer {
    public RefreshStateAnswer {
        Objects.requireNonNull(head, "head");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("accountable", accountable);
        doc.put("spends_quota", false);
        return doc;
    }

    void text(PrintWriter out) {
        out.println("evidence recorded for goal " + head.goalId()
                + (accountable
                        ? " · accountable: it may pay for one quota slot (loopx quota spend-slot)"
                        : " · not accountable: it cannot pay for a quota slot"));
        new Lines(out)
                .add("recorded", head.recorded())
                .add("quota", "no slot spent by this write")
                .print();
    }
}
