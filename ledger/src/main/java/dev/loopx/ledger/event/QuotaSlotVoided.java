package dev.loopx.ledger.event;

import java.util.Objects;

/** {@code quota.slot_voided} v1: a compensating event that cancels the spend recorded at {@code spentSeq}. */
public record QuotaSlotVoided(long spentSeq, String reasonSummary) implements LoopxEvent {
    public QuotaSlotVoided {
        Objects.requireNonNull(reasonSummary, "reasonSummary");
    }
}
