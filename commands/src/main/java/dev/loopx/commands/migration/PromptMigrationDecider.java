package dev.loopx.commands.migration;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.heartbeat.HeartbeatDecider;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.PromptMigrationApplied;
import dev.loopx.ledger.event.PromptMigrationDeferred;
import dev.loopx.ledger.event.PromptMigrationFailed;
import dev.loopx.ledger.event.PromptMigrationRecovered;
import dev.loopx.ledger.event.PromptMigrationRolledBack;
import dev.loopx.projections.GoalState;
import io.vavr.control.Either;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Pure decision about recording one prompt-migration outcome (SPEC §S12): the goal must exist and
 * the automation's agent must be registered (the same identity rule as a managed heartbeat).
 * Every outcome is appended (they are facts about the host's stores, not idempotent state).
 */
public final class PromptMigrationDecider {
    /** The outcome kinds, as in {@code prompt_migration.<kind>}. */
    public static final List<String> KINDS = List.of("applied", "failed", "deferred", "rolled_back", "recovered");

    private PromptMigrationDecider() {}

    /**
     * One outcome to record; content-free (ids, digests, thread, CLI route, reason code).
     *
     * @param codexHomeSha256 digest of the Codex home's real path (every outcome keeps it)
     */
    public record RecordPromptMigration(
            String goalId,
            String kind,
            String agentId,
            String automationId,
            String oldPromptSha256,
            String newPromptSha256,
            String targetThreadId,
            String cliRoute,
            String reason,
            String codexHomeSha256) {
        public RecordPromptMigration {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(codexHomeSha256, "codexHomeSha256");
            if (!KINDS.contains(kind)) {
                throw new IllegalArgumentException("unknown prompt migration outcome " + kind);
            }
        }
    }

    public static Either<Rejection, List<LoopxEvent>> decide(RecordPromptMigration c, Optional<GoalState> state) {
        Optional<Rejection> identity = HeartbeatDecider.checkIdentity(c.goalId(), c.agentId(), state);
        if (identity.isPresent()) {
            return Decision.reject(identity.get());
        }
        return Decision.accept(event(c));
    }

    static LoopxEvent event(RecordPromptMigration c) {
        return switch (c.kind()) {
            case "applied" ->
                new PromptMigrationApplied(
                        c.automationId(),
                        c.agentId(),
                        c.oldPromptSha256(),
                        c.newPromptSha256(),
                        c.targetThreadId(),
                        c.cliRoute(),
                        c.reason(),
                        c.codexHomeSha256());
            case "failed" ->
                new PromptMigrationFailed(
                        c.automationId(),
                        c.agentId(),
                        c.oldPromptSha256(),
                        c.newPromptSha256(),
                        c.targetThreadId(),
                        c.cliRoute(),
                        c.reason(),
                        c.codexHomeSha256());
            case "deferred" ->
                new PromptMigrationDeferred(
                        c.automationId(),
                        c.agentId(),
                        c.oldPromptSha256(),
                        c.newPromptSha256(),
                        c.targetThreadId(),
                        c.cliRoute(),
                        c.reason(),
                        c.codexHomeSha256());
            case "rolled_back" ->
                new PromptMigrationRolledBack(
                        c.automationId(),
                        c.agentId(),
                        c.oldPromptSha256(),
                        c.newPromptSha256(),
                        c.targetThreadId(),
                        c.cliRoute(),
                        c.reason(),
                        c.codexHomeSha256());
            default ->
                new PromptMigrationRecovered(
                        c.automationId(),
                        c.agentId(),
                        c.oldPromptSha256(),
                        c.newPromptSha256(),
                        c.targetThreadId(),
                        c.cliRoute(),
                        c.reason(),
                        c.codexHomeSha256());
        };
    }
}
