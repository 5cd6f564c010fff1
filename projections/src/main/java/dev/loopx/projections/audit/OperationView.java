package dev.loopx.projections.audit;

import java.util.List;
import java.util.Objects;

/**
 * What one {@code --operation-id} wrote: its intent digest and the events of its append, so a
 * repeat returns the original receipt ({@code replayed=true}).
 */
public record OperationView(
        String operationId,
        String goalId,
        String intentSha256,
        String command,
        List<Long> eventSeqs,
        List<String> eventIds,
        List<String> eventTypes) {
    public OperationView {
        Objects.requireNonNull(operationId, "operationId");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(intentSha256, "intentSha256");
        Objects.requireNonNull(command, "command");
        eventSeqs = List.copyOf(eventSeqs);
        eventIds = List.copyOf(eventIds);
        eventTypes = List.copyOf(eventTypes);
    }
}
