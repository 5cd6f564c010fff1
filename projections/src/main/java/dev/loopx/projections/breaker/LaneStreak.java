package dev.loopx.projections.breaker;

import java.util.Objects;

/**
 * One lane's run of writebacks with the same evidence (view {@code breaker_lane}, key
 * {@code <goal>/<agent>}; the lane of a goal without agents has an empty agent). A row exists only
 * while a streak runs: progress or an owner's answer to a gate of the lane removes it.
 *
 * @param todoId the lane's claimed todo the writebacks were about ({@code ""}: none)
 * @param deliveryOutcome the repeated outcome ({@code surface_only}, {@code outcome_gap} or empty)
 * @param digest the repeated evidence digest ({@link SameOutcome#digest})
 * @param count writebacks in a row with that todo and digest (at least 1)
 * @param firstSeq the seq of the first of them
 * @param lastSeq the seq of the latest
 * @param checkpointSeq the seq of the lane's last {@code todo checkpoint} during the streak (0: none)
 */
public record LaneStreak(
        String goalId,
        String agentId,
        String todoId,
        String deliveryOutcome,
        String digest,
        int count,
        long firstSeq,
        long lastSeq,
        long checkpointSeq) {
    public LaneStreak {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(deliveryOutcome, "deliveryOutcome");
        Objects.requireNonNull(digest, "digest");
    }

    /** Whether a non-progress writeback on {@code todo} with {@code digest} continues this streak. */
    public boolean continuedBy(String todo, String withDigest) {
        return todoId.equals(todo) && digest.equals(withDigest);
    }

    /** The streak after one more non-progress writeback at {@code seq} (a new one unless it continues). */
    public static LaneStreak after(
            LaneStreak current, String goalId, String agentId, String todo, String outcome, String digest, long seq) {
        if (current != null && current.continuedBy(todo, digest)) {
            return new LaneStreak(
                    goalId,
                    agentId,
                    todo,
                    outcome,
                    digest,
                    current.count + 1,
                    current.firstSeq,
                    seq,
                    current.checkpointSeq);
        }
        return new LaneStreak(goalId, agentId, todo, outcome, digest, 1, seq, seq, 0);
    }

    LaneStreak checkpointed(long seq) {
        return new LaneStreak(goalId, agentId, todoId, deliveryOutcome, digest, count, firstSeq, lastSeq, seq);
    }

    /** A replan obligation holds: {@code replanAfter} repeats or more and no checkpoint since the latest. */
    public boolean replanDue(BreakerPolicy p) {
        return count >= p.replanAfter() && checkpointSeq < lastSeq;
    }
}
