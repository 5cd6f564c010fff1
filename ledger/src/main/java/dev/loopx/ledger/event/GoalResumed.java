package dev.loopx.ledger.event;

import java.util.Objects;

/** {@code goal.resumed} v1: a stopped goal runs again. */
public record GoalResumed(String reason) implements LoopxEvent {
    public GoalResumed {
        Objects.requireNonNull(reason, "reason");
    }
}
