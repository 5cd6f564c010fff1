package dev.loopx.projections.lane;

import java.util.List;
import java.util.Objects;

/**
 * What one lane (a goal's agent) did and when, as recorded (issue 36), per goal and agent: its last
 * recorded activity of any kind, its last turn receipt, writeback and spend, the RRULE its host
 * applied (its last {@code scheduler.acked}), the times of its last turn receipts, and what it did
 * since its goal's last stop. Times are the events' own (RFC 3339); nothing here reads a clock:
 * how long ago, and whether that is too long, is decided at query time ({@code LaneLiveness}).
 *
 * @param recentTurns the last {@value LaneFold#RECENT_TURNS} turn receipt times, oldest first
 * @param stormTurns turn receipts that came sooner than half the applied interval after the one before
 * @param stopSeq the {@code goal.stopped} the stop fields answer (0: the goal was not stopped since)
 * @param afterStop what the lane did after it was told of the stop (or, for writes, after the stop at
 *     all): how many times, the last kind, seq and time
 */
public record LaneView(
        String goalId,
        String agentId,
        String registeredAt,
        String lastActivityAt,
        String lastActivityKind,
        long lastActivitySeq,
        String lastTurnAt,
        String lastWritebackAt,
        String lastSpendAt,
        String appliedRrule,
        String surface,
        List<String> recentTurns,
        int stormTurns,
        String lastStormAt,
        long stopSeq,
        String stopAcknowledgedAt,
        int afterStop,
        String afterStopKind,
        String afterStopAt,
        long afterStopSeq) {
    public LaneView {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(registeredAt, "registeredAt");
        Objects.requireNonNull(lastActivityAt, "lastActivityAt");
        Objects.requireNonNull(lastActivityKind, "lastActivityKind");
        Objects.requireNonNull(lastTurnAt, "lastTurnAt");
        Objects.requireNonNull(lastWritebackAt, "lastWritebackAt");
        Objects.requireNonNull(lastSpendAt, "lastSpendAt");
        Objects.requireNonNull(appliedRrule, "appliedRrule");
        Objects.requireNonNull(surface, "surface");
        recentTurns = List.copyOf(recentTurns);
        Objects.requireNonNull(lastStormAt, "lastStormAt");
        Objects.requireNonNull(stopAcknowledgedAt, "stopAcknowledgedAt");
        Objects.requireNonNull(afterStopKind, "afterStopKind");
        Objects.requireNonNull(afterStopAt, "afterStopAt");
    }

    public static LaneView empty(String goalId, String agentId) {
        return new LaneView(goalId, agentId, "", "", "", 0, "", "", "", "", "", List.of(), 0, "", 0, "", 0, "", "", 0);
    }

    /** When it last did anything recorded, else when it was registered ("" when neither is known). */
    public String lastHeardAt() {
        return lastActivityAt.isEmpty() ? registeredAt : lastActivityAt;
    }
}
