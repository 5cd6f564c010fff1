package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code operation.recorded} v1: the caller's idempotency key for the events of this append.
 * Appended last in an append made with {@code --operation-id}; a later write with the same id
 * and the same {@code intentSha256} replays the original receipt, a different intent is refused.
 *
 * @param command the CLI command name (e.g. {@code todo add})
 */
public record OperationRecorded(String operationId, String intentSha256, String command) implements LoopxEvent {
    public OperationRecorded {
        Objects.requireNonNull(operationId, "operationId");
        Objects.requireNonNull(intentSha256, "intentSha256");
        Objects.requireNonNull(command, "command");
    }
}
