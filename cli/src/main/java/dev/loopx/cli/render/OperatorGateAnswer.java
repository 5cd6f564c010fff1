package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.gate.OperatorGate;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx operator-gate}'s answer, {@code loopx_operator_gate_v0}: the write's head, the
 * decision and its resume contract (agents reread state before acting; an approval is never a write
 * grant; the next command lists the goal's todos).
 *
 * <p>Its text: the decision recorded (or that would be, naming the gate), the resume contract,
 * where it was recorded and what to run next.
 *
 * @param gate the decision as the command asked for it
 */
public record OperatorGateAnswer(GoalWriteHead head, OperatorGate gate) implements RenderedAnswer {
    public OperatorGateAnswer {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(gate, "gate");
    }

    private String nextCliAction() {
        return "loopx todo list --goal-id " + head.goalId();
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("decision", gate.decision());
        ObjectNode contract = doc.putObject("resume_contract");
        contract.put("schema_version", "operator_gate_resume_contract_v0");
        contract.put("reread_state_before_acting", true);
        contract.put("approval_is_write_grant", false);
        contract.put("next_cli_action", nextCliAction());
        return doc;
    }

    void text(PrintWriter out) {
        // only a preview's event names the gate (the answer itself does not)
        String name = head.wouldAppend().isEmpty() ? "" : gate.gate();
        String what = gate.decision() + (name.isEmpty() ? "" : " on gate " + name) + " for goal " + head.goalId();
        out.println(
                head.preview()
                        ? "preview: would record the operator's decision " + what + " (nothing written)"
                        : head.unchanged()
                                ? "that decision is already recorded: " + what + " — nothing new"
                                : "operator decision recorded: " + what);
        new Lines(out)
                .add("resume", "agents reread state before acting · an approval never grants write access by itself")
                .add("recorded", head.recorded())
                .add("next", head.preview() ? Previews.next(head.schemaVersion()) : Words.pasteable(nextCliAction()))
                .print();
    }
}
