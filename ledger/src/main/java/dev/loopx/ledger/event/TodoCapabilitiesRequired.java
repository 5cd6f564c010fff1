package dev.loopx.ledger.event;

import java.util.List;
import java.util.Objects;

/**
 * {@code todo.capabilities_required} v1: the capabilities a lane must declare
 * ({@code quota should-run --available-capability}) before the todo is runnable for it, recorded
 * with {@code todo add --required-capability} (in the same append as {@code todo.added}) or
 * replaced by {@code todo update}. An empty list clears the requirement. Capabilities route work;
 * they never grant permission.
 *
 * @param capabilities the required capability tokens, sorted and distinct
 */
public record TodoCapabilitiesRequired(String todoId, List<String> capabilities) implements LoopxEvent {
    public TodoCapabilitiesRequired {
        Objects.requireNonNull(todoId, "todoId");
        capabilities = List.copyOf(capabilities);
    }
}
