package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code gate.decided} v1: an operator gate run (SPEC §S5) with its resume contract. Approval is
 * not a write grant: the agent re-reads state before acting.
 *
 * @param decision {@code approve|reject|defer}
 */
public record GateDecided(String gate, String decision, String reasonSummary) implements LoopxEvent {
    public GateDecided {
        Objects.requireNonNull(gate, "gate");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(reasonSummary, "reasonSummary");
    }
}
