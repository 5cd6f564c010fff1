package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx refresh-state}'s answer, {@code loopx_refresh_state_v0}: the write's head, whether the
 * evidence is accountable (it may pay for one quota slot), that the write spends none and, when the
 * writeback tripped the same-outcome breaker, {@code same_outcome_gate{todo_id, blocks_agent,
 * answered_by, decision_outcomes}}: the owner gate it opened on the lane and the command that
 * answers it ({@code todo complete --decision-outcome approve}; {@code reject} and {@code cancel}
 * answer it too).
 *
 * <p>Its text says the evidence was recorded and whether it may pay for a slot (a preview reads the
 * same: only its missing receipt tells them apart), and names the gate and its answer when one opened.
 */
public record RefreshStateAnswer(GoalWriteHead head, boolean accountable, Optional<SameOutcomeGate> gate)
        implements RenderedAnswer {
    public RefreshStateAnswer {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(gate, "gate");
    }

    public RefreshStateAnswer(GoalWriteHead head, boolean accountable) {
        this(head, accountable, Optional.empty());
    }

    /** The owner gate the breaker opened: its todo and the lane it blocks ({@code ""}: the goal's one lane). */
    public record SameOutcomeGate(String todoId, String blocksAgent) {
        public SameOutcomeGate {
            Objects.requireNonNull(todoId, "todoId");
            Objects.requireNonNull(blocksAgent, "blocksAgent");
        }
    }

    private NextStep answer(SameOutcomeGate g) {
        return NextStep.of(Verb.TODO_COMPLETE)
                .with(Flag.GOAL_ID, head.goalId())
                .with(Flag.TODO_ID, g.todoId())
                .with(Flag.DECISION_OUTCOME, "approve");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("accountable", accountable);
        doc.put("spends_quota", false);
        gate.ifPresent(g -> {
            ObjectNode node = doc.putObject("same_outcome_gate");
            node.put("todo_id", g.todoId());
            node.put("blocks_agent", g.blocksAgent());
            node.put("answered_by", CommandLines.of(answer(g)));
            node.putArray("decision_outcomes").add("approve").add("reject").add("cancel");
        });
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
                .add(
                        "breaker",
                        gate.map(g -> "the same outcome again: owner gate " + g.todoId() + " now blocks "
                                        + (g.blocksAgent().isEmpty() ? "the lane" : "lane " + g.blocksAgent())
                                        + "; the owner answers: " + CommandLines.of(answer(g))
                                        + " (or reject, cancel)")
                                .orElse(""))
                .print();
    }
}
