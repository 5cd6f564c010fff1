package dev.loopx.projections.monitor;

import java.util.Objects;

/**
 * A monitor todo's watch settings and poll history (view {@code todo_monitor}, key
 * {@code <goal id>/<todo id>}), kept by {@link MonitorFold}. A monitor that was never configured
 * nor polled has no row ({@link #unconfigured}): it is due whenever it is open and its resume
 * condition holds, as before issue 21. Times are RFC 3339 UTC; empty strings mean "not set".
 *
 * @param configured a {@code todo.monitor_configured} was recorded
 * @param cadenceMinutes the base interval ({@link #DEFAULT_CADENCE_MINUTES} when not configured)
 * @param intervalMinutes the interval chosen at the last poll (0: never polled)
 * @param nextDueAt when the next poll is due (empty: now)
 * @param expiresAt when the watch ends (empty: never)
 * @param watchOnly unchanged polls never ask for a replan
 * @param polls how many polls were recorded
 * @param consecutiveNoChange unchanged polls since the last material change (what stretches the cadence)
 * @param noChangeSinceCheckpoint unchanged polls since the last material change or replan checkpoint,
 *     whichever is later, as of {@code checkpointSeqSeen}
 * @param checkpointSeqSeen the goal's last checkpoint seq when that count was taken
 * @param lastPolledAt the last poll's time (empty: never)
 * @param lastResultDigest the last poll's digest
 * @param lastMaterialChangeSeq the seq of the last poll that saw a material change (0: none)
 */
public record MonitorView(
        String todoId,
        boolean configured,
        String targetKey,
        int cadenceMinutes,
        int intervalMinutes,
        String nextDueAt,
        String expiresAt,
        boolean watchOnly,
        long polls,
        int consecutiveNoChange,
        int noChangeSinceCheckpoint,
        long checkpointSeqSeen,
        String lastPolledAt,
        String lastResultDigest,
        long lastMaterialChangeSeq) {
    /** The base cadence of a monitor that was never configured. */
    public static final int DEFAULT_CADENCE_MINUTES = 60;

    public MonitorView {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(targetKey, "targetKey");
        Objects.requireNonNull(nextDueAt, "nextDueAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(lastPolledAt, "lastPolledAt");
        Objects.requireNonNull(lastResultDigest, "lastResultDigest");
    }

    /** A monitor with no row: never configured, never polled. */
    public static MonitorView unconfigured(String todoId) {
        return new MonitorView(todoId, false, "", DEFAULT_CADENCE_MINUTES, 0, "", "", false, 0, 0, 0, 0, "", "", 0);
    }

    MonitorView configure(String key, int cadence, String dueAt, String expires, boolean quiet) {
        return new MonitorView(
                todoId,
                true,
                key,
                cadence,
                intervalMinutes,
                dueAt,
                expires,
                quiet,
                polls,
                consecutiveNoChange,
                noChangeSinceCheckpoint,
                checkpointSeqSeen,
                lastPolledAt,
                lastResultDigest,
                lastMaterialChangeSeq);
    }

    MonitorView polled(
            String at, long seq, String digest, boolean change, int interval, String dueAt, long lastCheckpointSeq) {
        int sinceCheckpoint = lastCheckpointSeq > checkpointSeqSeen ? 0 : noChangeSinceCheckpoint;
        return new MonitorView(
                todoId,
                configured,
                targetKey,
                cadenceMinutes,
                interval,
                dueAt,
                expiresAt,
                watchOnly,
                polls + 1,
                change ? 0 : consecutiveNoChange + 1,
                change ? 0 : sinceCheckpoint + 1,
                lastCheckpointSeq,
                at,
                digest,
                change ? seq : lastMaterialChangeSeq);
    }

    /** Unchanged polls that count toward the replan streak, given the goal's last checkpoint seq now. */
    public int streakSince(long lastCheckpointSeq) {
        return lastCheckpointSeq > checkpointSeqSeen ? 0 : noChangeSinceCheckpoint;
    }
}
