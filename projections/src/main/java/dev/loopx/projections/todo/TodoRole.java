package dev.loopx.projections.todo;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Optional;

/**
 * Whose todo it is (SPEC §S4): the owner's ({@code user}: gates and reminders) or an agent's.
 *
 * <p>Recorded, stored and shown by its wire spelling ({@link #wire}). A fold reads a recorded
 * spelling with {@link #recorded}, which never refuses one: a spelling no LoopX version wrote is
 * {@link #UNKNOWN} (neither the owner's nor an agent's, so no rule that asks for a role holds for
 * it; stored and shown empty, as a field that is "not set"). Input ({@code --role}) is read with {@link #fromWire},
 * which knows only {@link #USER} and {@link #AGENT}.
 */
public enum TodoRole {
    USER("user"),
    AGENT("agent"),
    /** A recorded spelling that is neither {@code user} nor {@code agent}. */
    UNKNOWN("");

    private final String wire;

    TodoRole(String wire) {
        this.wire = wire;
    }

    /** The spelling in events, ids and JSON. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** {@link #wire}, so text that joins a role prints what it always printed. */
    @Override
    public String toString() {
        return wire;
    }

    /** A role given as input: {@code user} or {@code agent}. */
    public static Optional<TodoRole> fromWire(String value) {
        return USER.wire.equals(value)
                ? Optional.of(USER)
                : AGENT.wire.equals(value) ? Optional.of(AGENT) : Optional.empty();
    }

    /** The role a recorded spelling means: {@link #fromWire}, else {@link #UNKNOWN} (never refused). */
    @JsonCreator
    public static TodoRole recorded(String value) {
        return fromWire(value).orElse(UNKNOWN);
    }
}
