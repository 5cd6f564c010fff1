package dev.loopx.ledger.event;

import java.util.Objects;

/** {@code goal.stopped} v1: the owner or controller stopped the goal; should-run stays false until resumed. */
public record GoalStopped(String reason) implements LoopxEvent {
    public GoalStopped {
        Objects.requireNonNull(reason, "reason");
    }
}
