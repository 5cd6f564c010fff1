package dev.loopx.host.pack;

import java.util.Objects;

/**
 * One option of a selection a pack or plan asks the host to make: the value to choose under its
 * field name ({@code goal_id}, {@code agent_id}, {@code host_surface}) and the call that asks
 * again with it.
 */
public record Choice(String field, String value, CliCall command) {
    public Choice {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(command, "command");
    }
}
