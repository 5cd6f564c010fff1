package dev.loopx.projections.todo;

import java.util.Arrays;
import java.util.Optional;

/**
 * Where a todo stands (SPEC §S4): {@link #OPEN} work, {@link #BLOCKED} or {@link #DEFERRED} until
 * a condition, or {@link #DONE} (completed or superseded; set only by {@code todo complete} and
 * {@code supersede}, never by {@code todo update}). Recorded, stored and shown by its wire spelling
 * ({@link TodoView#status}; test it with {@link TodoView#is}).
 */
public enum TodoStatus {
    OPEN("open"),
    BLOCKED("blocked"),
    DEFERRED("deferred"),
    DONE("done");

    private final String wire;

    TodoStatus(String wire) {
        this.wire = wire;
    }

    /** The spelling in {@code todo.updated} events, stored views and JSON, and of {@code --status}. */
    public String wire() {
        return wire;
    }

    public static Optional<TodoStatus> fromWire(String value) {
        return Arrays.stream(values()).filter(s -> s.wire.equals(value)).findFirst();
    }
}
