package dev.loopx.ledger.event;

import java.util.Objects;

/** {@code quota.slot_spent} v1: slots spent for one accountable writeback (the evidence event's seq). */
public record QuotaSlotSpent(String agentId, int slots, long writebackSeq) implements LoopxEvent {
    public QuotaSlotSpent {
        Objects.requireNonNull(agentId, "agentId");
        if (slots < 1 || writebackSeq < 1) {
            throw new IllegalArgumentException("a spend needs slots >= 1 and a writeback seq");
        }
    }
}
