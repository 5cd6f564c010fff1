package dev.loopx.projections.goal;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Optional;

/**
 * Where a goal stands (SPEC §S3): {@link #ACTIVE} until {@code goal.stopped}, {@link #STOPPED}
 * until {@code goal.resumed}. The fold sets it from the event's type; the stored view and every
 * answer hold its wire spelling ({@link #wire}).
 *
 * <p>A stored view is read with {@link #recorded}, which never refuses a spelling: one no LoopX
 * version wrote is {@link #ACTIVE}, as a goal whose lifecycle was not {@code stopped} always was
 * (it then reads back as {@code active}).
 */
public enum GoalLifecycle {
    ACTIVE("active"),
    STOPPED("stopped");

    private final String wire;

    GoalLifecycle(String wire) {
        this.wire = wire;
    }

    /** The spelling in stored views and JSON. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** {@link #wire}, so text that joins a lifecycle prints what it always printed. */
    @Override
    public String toString() {
        return wire;
    }

    public static Optional<GoalLifecycle> fromWire(String value) {
        return ACTIVE.wire.equals(value)
                ? Optional.of(ACTIVE)
                : STOPPED.wire.equals(value) ? Optional.of(STOPPED) : Optional.empty();
    }

    /** The lifecycle a stored spelling means: {@link #fromWire}, else {@link #ACTIVE} (never refused). */
    @JsonCreator
    public static GoalLifecycle recorded(String value) {
        return fromWire(value).orElse(ACTIVE);
    }
}
