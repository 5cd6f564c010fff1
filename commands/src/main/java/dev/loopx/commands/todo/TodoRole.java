package dev.loopx.commands.todo;

import java.util.Optional;

/** Whose todo it is (SPEC §S4): the owner's ({@code user}: gates and reminders) or an agent's. */
public enum TodoRole {
    USER("user"),
    AGENT("agent");

    private final String wire;

    TodoRole(String wire) {
        this.wire = wire;
    }

    /** The spelling in events, ids and JSON. */
    public String wire() {
        return wire;
    }

    public static Optional<TodoRole> fromWire(String value) {
        for (TodoRole r : values()) {
            if (r.wire.equals(value)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }
}
