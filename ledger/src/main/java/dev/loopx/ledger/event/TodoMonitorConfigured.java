package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code todo.monitor_configured} v1: a monitor todo got its watch settings ({@code todo add
 * --task-class monitor_task} with the monitor flags, appended in the same batch as its
 * {@code todo.added}). A monitor without this event keeps the behaviour it always had: due on
 * every poll while its resume condition holds.
 *
 * @param todoId the monitor todo
 * @param targetKey what is watched (a public-safe key, e.g. {@code ci:main}), or empty
 * @param cadenceMinutes the base interval between polls (1–10080)
 * @param nextDueAt the first poll is due at this RFC 3339 UTC instant, or empty: due now
 * @param expiresAt the watch ends at this RFC 3339 UTC instant, or empty: never
 * @param watchOnly a quiet watch: its unchanged polls never ask for a replan
 */
public record TodoMonitorConfigured(
        String todoId, String targetKey, int cadenceMinutes, String nextDueAt, String expiresAt, boolean watchOnly)
        implements LoopxEvent {
    public TodoMonitorConfigured {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(targetKey, "targetKey");
        Objects.requireNonNull(nextDueAt, "nextDueAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        if (cadenceMinutes < 1) {
            throw new IllegalArgumentException("cadenceMinutes must be >= 1: " + cadenceMinutes);
        }
    }
}
