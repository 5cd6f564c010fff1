package dev.loopx.projections.todo;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
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
 *
 * <p>Recorded, stored and shown by its wire spelling ({@link #wire}). A fold reads a recorded
 * spelling with {@link #recorded}, which never refuses one: {@code continuous_monitor} is
 * {@link #MONITOR_TASK} (so a todo an old ledger recorded that way is stored and shown as
 * {@code monitor_task}), and a spelling no LoopX version wrote (the empty one included) is
 * {@link #UNKNOWN}, of role {@link TodoRole#UNKNOWN}: no rule that asks for a class holds for it;
 * it is stored and shown empty, as a field that is "not set" (so an empty recorded class stays
 * as it was).
 */
public enum TaskClass {
    ADVANCEMENT_TASK("advancement_task", TodoRole.AGENT),
    MONITOR_TASK("monitor_task", TodoRole.AGENT),
    BLOCKER("blocker", TodoRole.AGENT),
    USER_GATE("user_gate", TodoRole.USER),
    USER_ACTION("user_action", TodoRole.USER),
    /** A recorded spelling that is none of the above (never accepted as input). */
    UNKNOWN("", TodoRole.UNKNOWN);

    private final String wire;
    private final TodoRole role;

    TaskClass(String wire, TodoRole role) {
        this.wire = wire;
        this.role = role;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    /** {@link #wire}, so text that joins a class prints what it always printed. */
    @Override
    public String toString() {
        return wire;
    }

    /** The role whose todos may have this class. */
    public TodoRole role() {
        return role;
    }

    /** The classes a todo of {@code role} may have, in declaration order. */
    public static List<TaskClass> allowedFor(TodoRole role) {
        return Arrays.stream(values())
                .filter(c -> c != UNKNOWN && c.role == role)
                .toList();
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
            if (c != UNKNOWN && c.wire.equals(value)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** The class a recorded spelling means: {@link #fromWire}, else {@link #UNKNOWN} (never refused). */
    @JsonCreator
    public static TaskClass recorded(String value) {
        return fromWire(value).orElse(UNKNOWN);
    }
}
