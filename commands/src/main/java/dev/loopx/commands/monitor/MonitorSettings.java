package dev.loopx.commands.monitor;

import java.util.Objects;

/**
 * A monitor's watch settings as {@code todo add} gives them (SPEC §S4, issue 21). Times are RFC
 * 3339 UTC ({@code 2026-03-01T12:00:00Z}) or empty; the parser has normalised them.
 *
 * @param targetKey what is watched (an id: letters, digits, {@code _ . -}), or empty
 * @param cadenceMinutes the base interval between polls, {@link #MIN_CADENCE}–{@link #MAX_CADENCE}
 * @param nextDueAt the first poll's due time, or empty: due now
 * @param expiresAt the end of the watch, or empty: never
 * @param watchOnly a quiet watch whose unchanged polls never ask for a replan
 */
public record MonitorSettings(
        String targetKey, int cadenceMinutes, String nextDueAt, String expiresAt, boolean watchOnly) {
    public static final int MIN_CADENCE = 1;
    /** One week. */
    public static final int MAX_CADENCE = 10_080;

    public MonitorSettings {
        Objects.requireNonNull(targetKey, "targetKey");
        Objects.requireNonNull(nextDueAt, "nextDueAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        if (cadenceMinutes < MIN_CADENCE || cadenceMinutes > MAX_CADENCE) {
            throw new IllegalArgumentException("cadenceMinutes out of range: " + cadenceMinutes);
        }
    }
}
