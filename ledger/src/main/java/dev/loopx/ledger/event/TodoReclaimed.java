package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code todo.reclaimed} v1: the owner or a controller took a claim back from {@code fromAgentId}
 * ({@code todo reclaim}); the todo is free again and its claim epoch is {@code epochAfter}. The
 * superseded holder's later writes naming the todo are refused ({@code claim_epoch_mismatch})
 * until it claims the todo again.
 */
public record TodoReclaimed(String todoId, String fromAgentId, String reason, long epochAfter) implements LoopxEvent {
    public TodoReclaimed {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(fromAgentId, "fromAgentId");
        Objects.requireNonNull(reason, "reason");
    }
}
