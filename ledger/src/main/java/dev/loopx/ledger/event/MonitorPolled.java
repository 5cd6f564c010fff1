package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code monitor.polled} v1: a lane checked a monitor ({@code loopx quota monitor-poll}) and
 * recorded what it saw. A no-spend receipt: it never touches quota. The interval and the next due
 * time are the decision taken at the poll (the stretching rule of that LoopX version), recorded so
 * that a replay never re-derives them under another rule.
 *
 * @param todoId the monitor todo
 * @param agentId the lane that polled (empty on a goal without agents)
 * @param resultDigest a digest of what the poll observed (e.g. {@code sha256:…}); public-safe
 * @param materialChange the observation changed something that calls for advancement work
 * @param intervalMinutes the interval chosen at this poll (the base cadence after a change,
 *     stretched after an unchanged poll)
 * @param nextDueAt the next poll is due at this RFC 3339 UTC instant
 * @param summary what the lane saw (public-safe text), or empty
 */
public record MonitorPolled(
        String todoId,
        String agentId,
        String resultDigest,
        boolean materialChange,
        int intervalMinutes,
        String nextDueAt,
        String summary)
        implements LoopxEvent {
    public MonitorPolled {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(resultDigest, "resultDigest");
        Objects.requireNonNull(nextDueAt, "nextDueAt");
        Objects.requireNonNull(summary, "summary");
    }
}
