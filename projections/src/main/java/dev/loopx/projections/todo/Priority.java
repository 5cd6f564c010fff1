package dev.loopx.projections.todo;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Optional;

/**
 * A todo's priority (SPEC §S4): ordering only, never eligibility. {@link #NONE} is "not given"
 * (empty on the wire).
 *
 * <p>Recorded, stored and shown by its wire spelling ({@link #wire}). A fold reads a recorded
 * spelling with {@link #recorded}, which never refuses one: a spelling no LoopX version wrote is
 * read as {@link #NONE} (priority only orders work, so an unreadable one orders like a missing
 * one; the view then stores and shows it empty).
 */
public enum Priority {
    NONE(""),
    P0("P0"),
    P1("P1"),
    P2("P2"),
    P3("P3"),
    P4("P4");

    private final String wire;

    Priority(String wire) {
        this.wire = wire;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    /** {@link #wire}, so text that joins a priority prints what it always printed. */
    @Override
    public String toString() {
        return wire;
    }

    /** Whether a priority was given ({@link #NONE} is not). */
    public boolean given() {
        return this != NONE;
    }

    /**
     * Where the priority sorts: {@code P0} first, {@code P4} last of the given ones, then
     * {@link #NONE} (missing last).
     */
    public int rank() {
        return given() ? ordinal() : Integer.MAX_VALUE;
    }

    /** A given priority ({@code P0}..{@code P4}); the empty spelling of {@link #NONE} is not accepted as input. */
    public static Optional<Priority> fromWire(String value) {
        for (Priority p : values()) {
            if (p.given() && p.wire.equals(value)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The priority a recorded spelling means: {@link #fromWire}, else {@link #NONE} (never refused). */
    @JsonCreator
    public static Priority recorded(String value) {
        return fromWire(value).orElse(NONE);
    }
}
