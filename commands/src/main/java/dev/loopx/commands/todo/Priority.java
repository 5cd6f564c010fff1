package dev.loopx.commands.todo;

import java.util.Optional;

/** A todo's priority (SPEC §S4): ordering only, never eligibility. {@link #NONE} is "not given" (empty on the wire). */
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

    public String wire() {
        return wire;
    }

    /** A given priority ({@code P0}..{@code P4}); the empty spelling of {@link #NONE} is not accepted as input. */
    public static Optional<Priority> fromWire(String value) {
        for (Priority p : values()) {
            if (p != NONE && p.wire.equals(value)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
