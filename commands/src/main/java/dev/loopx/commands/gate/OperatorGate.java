package dev.loopx.commands.gate;

import java.util.Objects;

/** An operator gate run (SPEC §S5): {@code decision} is {@code approve|reject|defer}. */
public record OperatorGate(String goalId, String gate, String decision, String reasonSummary) {
    public OperatorGate {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(gate, "gate");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(reasonSummary, "reasonSummary");
    }
}
