package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code todo.replan_checkpointed} v1: an agent stepped back, checked the plan against the goal
 * and recorded what it decided ({@code loopx todo checkpoint}). It answers the long-chain replan
 * obligation: the count of completed advancement todos since the last checkpoint starts again.
 *
 * @param agentId the lane that replanned (empty on a goal without agents)
 * @param note what the replan decided (public-safe text)
 */
public record TodoReplanCheckpointed(String agentId, String note) implements LoopxEvent {
    public TodoReplanCheckpointed {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(note, "note");
    }
}
