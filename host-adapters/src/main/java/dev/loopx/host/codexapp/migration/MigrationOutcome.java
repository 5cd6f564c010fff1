package dev.loopx.host.codexapp.migration;

import java.util.Objects;

/**
 * A content-free migration outcome to record in the ledger ({@code prompt_migration.<kind>}):
 * ids, digests, thread and CLI route, never a prompt body or a path.
 *
 * @param kind {@code applied | failed | deferred | rolled_back | recovered}
 */
public record MigrationOutcome(
        String kind,
        String goalId,
        String agentId,
        String automationId,
        String oldPromptSha256,
        String newPromptSha256,
        String targetThreadId,
        String cliRoute,
        String reason) {
    public MigrationOutcome {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(oldPromptSha256, "oldPromptSha256");
        Objects.requireNonNull(newPromptSha256, "newPromptSha256");
        Objects.requireNonNull(targetThreadId, "targetThreadId");
        Objects.requireNonNull(cliRoute, "cliRoute");
        Objects.requireNonNull(reason, "reason");
    }

    /** Records outcomes as they happen (one automation at a time, so a later failure loses none). */
    @FunctionalInterface
    public interface Recorder {
        Recorder NONE = o -> {};

        void record(MigrationOutcome outcome);
    }
}
