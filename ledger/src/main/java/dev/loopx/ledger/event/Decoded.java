package dev.loopx.ledger.event;

import dev.loopx.ledger.Recorded;
import java.util.Objects;

/** A stored envelope together with its payload upcast and decoded into the current record. */
public record Decoded(Recorded envelope, LoopxEvent event) {
    public Decoded {
        Objects.requireNonNull(envelope, "envelope");
        Objects.requireNonNull(event, "event");
    }

    public long seq() {
        return envelope.seq();
    }

    public String goalId() {
        return envelope.goalId();
    }
}
