package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code lane.stop_acknowledged} v1: the first {@code should-run} of a lane after its goal was
 * stopped (issue 36): the lane has been told. {@code stopSeq} is the seq of the {@code goal.stopped}
 * it answers, so a later stop needs its own acknowledgement.
 */
public record LaneStopAcknowledged(String agentId, long stopSeq) implements LoopxEvent {
    public LaneStopAcknowledged {
        Objects.requireNonNull(agentId, "agentId");
        if (stopSeq < 1) {
            throw new IllegalArgumentException("a stop acknowledgement names the goal.stopped seq");
        }
    }
}
