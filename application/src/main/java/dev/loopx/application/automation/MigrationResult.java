package dev.loopx.application.automation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import java.util.Objects;

/**
 * One automation's migration result as an answer may show it: {@code result} and {@code reason}
 * (a machine code, {@code ""} when none) as {@link PromptMigrator.Result} defines them, and its
 * public form (ids, result and digests). Immutable: {@link #publicForm} is a fresh copy on every call.
 */
public record MigrationResult(String automationId, String result, String reason, ObjectNode publicForm) {
    public MigrationResult {
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(reason, "reason");
        publicForm = publicForm.deepCopy();
    }

    public static MigrationResult of(PromptMigrator.Result r) {
        return new MigrationResult(r.automationId(), r.result(), r.reason(), r.toJson());
    }

    @Override
    public ObjectNode publicForm() {
        return publicForm.deepCopy();
    }
}
