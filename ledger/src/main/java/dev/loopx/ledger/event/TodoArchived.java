package dev.loopx.ledger.event;

import java.util.List;
import java.util.Objects;

/**
 * {@code todo.archived} v1: finished todos (done or superseded) were put out of the default reads
 * ({@code loopx todo archive-completed}). Nothing is deleted: the ledger keeps every event, the
 * todos stay readable by id and with {@code todo list --include-archived}, and no decision reads
 * the archive mark.
 *
 * @param agentId the lane that archived (empty: the owner)
 * @param todoIds the archived todos, in creation order (never empty)
 */
public record TodoArchived(String agentId, List<String> todoIds) implements LoopxEvent {
    public TodoArchived {
        Objects.requireNonNull(agentId, "agentId");
        todoIds = List.copyOf(todoIds);
        if (todoIds.isEmpty()) {
            throw new IllegalArgumentException("todo.archived names no todo");
        }
    }
}
