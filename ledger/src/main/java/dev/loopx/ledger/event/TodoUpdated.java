package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code todo.updated} v1: the todo's editable fields as they are now (a whole replacement of
 * text, status and resume condition; never a terminal status).
 *
 * @param status {@code open|blocked|deferred}
 */
public record TodoUpdated(String todoId, String text, String status, String resumeWhen) implements LoopxEvent {
    public TodoUpdated {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(resumeWhen, "resumeWhen");
    }
}
