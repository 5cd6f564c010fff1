package dev.loopx.cli.todo;

import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.NumberOptions;
import dev.loopx.commands.monitor.MonitorSettings;
import dev.loopx.projections.monitor.MonitorView;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * The monitor flags of {@code todo add} (issue 21), parsed into {@link MonitorSettings}: exit 2
 * before anything is opened for a bad key, cadence or time. Times are normalised to RFC 3339 UTC
 * seconds, as {@code resume_at:} conditions are.
 */
public final class MonitorOptions {
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'");

    private MonitorOptions() {}

    /** The settings, or empty when no monitor flag was given. */
    static Optional<MonitorSettings> settings(
            String targetKey, String cadence, String nextDueAt, String expiresAt, boolean watchOnly) {
        if (targetKey == null && cadence == null && nextDueAt == null && expiresAt == null && !watchOnly) {
            return Optional.empty();
        }
        if (targetKey != null) {
            IdOptions.requireId("--monitor-target-key", targetKey);
        }
        int minutes = cadence == null
                ? MonitorView.DEFAULT_CADENCE_MINUTES
                : (int) NumberOptions.whole(
                        "--monitor-cadence-minutes", cadence, MonitorSettings.MIN_CADENCE, MonitorSettings.MAX_CADENCE);
        Optional<Instant> due = Optional.ofNullable(nextDueAt).map(t -> NumberOptions.time("--monitor-next-due-at", t));
        Optional<Instant> expires =
                Optional.ofNullable(expiresAt).map(t -> NumberOptions.time("--monitor-expires-at", t));
        if (due.isPresent() && expires.isPresent() && !expires.get().isAfter(due.get())) {
            throw CliError.badInput(ErrorCode.INVALID_TIME, "--monitor-expires-at must be after --monitor-next-due-at");
        }
        return Optional.of(new MonitorSettings(
                targetKey == null ? "" : targetKey,
                minutes,
                due.map(MonitorOptions::utc).orElse(""),
                expires.map(MonitorOptions::utc).orElse(""),
                watchOnly));
    }

    /** RFC 3339 UTC, whole seconds. */
    public static String utc(Instant at) {
        return at.truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC).format(UTC);
    }
}
