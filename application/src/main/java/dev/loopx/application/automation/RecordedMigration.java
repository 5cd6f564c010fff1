package dev.loopx.application.automation;

import java.util.Objects;
import java.util.Optional;

/**
 * One migration outcome as the ledger took it: the {@code prompt_migration.<kind>} event for an
 * automation on its goal, appended at {@code seq} ({@code -1} when the write changed nothing), or
 * refused with {@code errorCode} (nothing appended).
 */
public record RecordedMigration(
        String eventType, String automationId, String goalId, Optional<String> errorCode, long seq) {
    public RecordedMigration {
        Objects.requireNonNull(eventType, "eventType");
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(errorCode, "errorCode");
    }

    public boolean appended() {
        return errorCode.isEmpty();
    }
}
