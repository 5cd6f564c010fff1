package dev.loopx.commands.todo;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What kind of work a todo is (SPEC §S4). Agent todos advance the goal, watch something, or
 * block; user todos are a blocking owner decision ({@code user_gate}) or a reminder
 * ({@code user_action}). Which classes a role may have is a domain rule ({@link #allowedFor}).
 *
 * <p>A monitor is spelled {@code monitor_task}; {@code continuous_monitor}, its spelling before
 * issue 21, is still accepted ({@link #fromWire}) and means the same class, so new todos record
 * {@code monitor_task} while ledgers that recorded {@code continuous_monitor} stay monitors.
 */
public enum TaskClass {
    ADVANCEMENT_TASK("advancement_task", TodoRole.AGENT),
    MONITOR_TASK("monitor_task", TodoRole.AGENT),
    BLOCKER("blocker", TodoRole.AGENT),
    USER_GATE("user_gate", TodoRole.USER),
    USER_ACTION("user_action", TodoRole.USER);

    private final String wire;
    private final TodoRole role;

    TaskClass(String wire, TodoRole role) {
        this.wire = wire;
        this.role = role;
    }

    public String wire() {
        return wire;
    }

    /** The role whose todos may have this class. */
    public TodoRole role() {
        return role;
    }

    /** The classes a todo of {@code role} may have, in declaration order. */
    public static List<TaskClass> allowedFor(TodoRole role) {
        return Arrays.stream(values()).filter(c -> c.role == role).toList();
    }

    /** The class a todo of {@code role} gets when none is given: agents advance; the owner must say. */
    public static Optional<TaskClass> defaultFor(TodoRole role) {
        return role == TodoRole.AGENT ? Optional.of(ADVANCEMENT_TASK) : Optional.empty();
    }

    /** The earlier spelling of {@link #MONITOR_TASK}, accepted on input. */
    public static final String LEGACY_MONITOR = "continuous_monitor";

    public static Optional<TaskClass> fromWire(String value) {
        if (LEGACY_MONITOR.equals(value)) {
            return Optional.of(MONITOR_TASK);
        }
        for (TaskClass c : values()) {
            if (c.wire.equals(value)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
