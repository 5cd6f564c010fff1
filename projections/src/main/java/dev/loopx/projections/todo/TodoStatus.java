package dev.loopx.projections.todo;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/**
 * Where a todo stands (SPEC §S4): {@link #OPEN} work, {@link #BLOCKED} or {@link #DEFERRED} until
 * a condition, or {@link #DONE} (completed or superseded; set only by {@code todo complete} and
 * {@code supersede}, never by {@code todo update}). Recorded, stored and shown by its wire spelling
 * ({@link #wire}; test a todo's with {@link TodoView#is}).
 *
 * <p>A fold reads a recorded spelling with {@link #recorded}, which never refuses one: a spelling
 * no LoopX version wrote is {@link #UNKNOWN}, which is none of the four (the todo is not done, so
 * it stays among the open ones, yet not open work either); it is stored and shown empty.
 */
public enum TodoStatus {
    OPEN("open"),
    BLOCKED("blocked"),
    DEFERRED("deferred"),
    DONE("done"),
    /** A recorded spelling that is none of the above (never accepted as input). */
    UNKNOWN("");

    private final String wire;

    TodoStatus(String wire) {
        this.wire = wire;
    }

    /** The spelling in {@code todo.updated} events, stored views and JSON, and of {@code --status}. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** {@link #wire}, so text that joins a status prints what it always printed. */
    @Override
    public String toString() {
        return wire;
    }

    /** A status given as input: one of the four. */
    public static Optional<TodoStatus> fromWire(String value) {
        return Arrays.stream(values())
                .filter(s -> s != UNKNOWN && s.wire.equals(value))
                .findFirst();
    }

    /** The status a recorded spelling means: {@link #fromWire}, else {@link #UNKNOWN} (never refused). */
    @JsonCreator
    public static TodoStatus recorded(String value) {
        return fromWire(value).orElse(UNKNOWN);
    }
}
