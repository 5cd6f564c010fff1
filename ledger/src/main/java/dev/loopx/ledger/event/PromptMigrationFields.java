package dev.loopx.ledger.event;

import java.util.Objects;
import java.util.regex.Pattern;

/** Shared checks of the {@code prompt_migration.*} event fields. */
final class PromptMigrationFields {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private PromptMigrationFields() {}

    static void check(
            String automationId,
            String agentId,
            String oldPromptSha256,
            String newPromptSha256,
            String targetThreadId,
            String cliRoute,
            String reason) {
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(targetThreadId, "targetThreadId");
        Objects.requireNonNull(cliRoute, "cliRoute");
        Objects.requireNonNull(reason, "reason");
        if (automationId.isEmpty() || agentId.isEmpty()) {
            throw new IllegalArgumentException("a prompt migration names its automation and agent");
        }
        if (!SHA256.matcher(Objects.requireNonNull(oldPromptSha256, "oldPromptSha256"))
                        .matches()
                || !SHA256.matcher(Objects.requireNonNull(newPromptSha256, "newPromptSha256"))
                        .matches()) {
            throw new IllegalArgumentException("prompt digests are lower-case SHA-256 hex");
        }
    }

    /** The Codex home digest: lower-case SHA-256 hex, or {@code ""} (not recorded: a v1 event). */
    static void checkHome(String codexHomeSha256) {
        if (!Objects.requireNonNull(codexHomeSha256, "codexHomeSha256").isEmpty()
                && !SHA256.matcher(codexHomeSha256).matches()) {
            throw new IllegalArgumentException("codexHomeSha256 is lower-case SHA-256 hex or empty");
        }
    }
}
