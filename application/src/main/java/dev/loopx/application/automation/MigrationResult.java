package dev.loopx.application.automation;

import dev.loopx.host.codexapp.migration.PromptMigrator;
import java.util.Objects;
import java.util.Optional;

/**
 * One automation's migration result as an answer may show it: {@code result} and {@code reason}
 * (a machine code, {@code ""} when none) as {@link PromptMigrator.Result} defines them, the
 * binding, the digests before ({@code promptSha256}) and after ({@code desiredSha256}) and the
 * thread; never a prompt body.
 */
public record MigrationResult(
        String automationId,
        String result,
        String reason,
        Optional<String> goalId,
        Optional<String> agentId,
        Optional<String> promptSha256,
        Optional<String> desiredSha256,
        Optional<String> targetThreadId) {
    public MigrationResult {
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(reason, "reason");
    }

    public static MigrationResult of(PromptMigrator.Result r) {
        return new MigrationResult(
                r.automationId(),
                r.result(),
                r.reason(),
                r.goalId(),
                r.agentId(),
                r.oldPromptSha256(),
                r.newPromptSha256(),
                r.targetThreadId());
    }

    /** {@code refused} with {@code reason}, before any journal or store was read for a binding. */
    public static MigrationResult refused(String automationId, String reason) {
        return new MigrationResult(
                automationId,
                "refused",
                reason,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty());
    }
}
