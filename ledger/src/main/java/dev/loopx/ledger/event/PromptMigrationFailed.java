package dev.loopx.ledger.event;

/**
 * {@code prompt_migration.failed} v2 (SPEC §S12): a planned migration of one automation did not complete (reason: {@code preview_stale}, {@code store_locked}, {@code write_failed}…); the stores were left as the result says. Content-free: no prompt body and no local path is
 * recorded, only ids, digests, the host thread id and the CLI route.
 *
 * @param automationId    the Codex App automation id
 * @param agentId         the registered lane the automation is bound to
 * @param oldPromptSha256 SHA-256 (hex) of the prompt the stores held before
 * @param newPromptSha256 SHA-256 (hex) of the managed wrapper the migration writes
 * @param targetThreadId  the automation's target thread ({@code ""} when it has none)
 * @param cliRoute        the command that produced the outcome, e.g. {@code automation-prompts apply}
 * @param reason          a machine code saying why ({@code ""} when nothing more needs saying)
 * @param codexHomeSha256 SHA-256 (hex) of the Codex home's real path, so the outcome clears or
 *                        concerns only that home's pending record; {@code ""} for v1 events
 *                        (home not recorded: they concern the automation id in every home)
 */
public record PromptMigrationFailed(
        String automationId,
        String agentId,
        String oldPromptSha256,
        String newPromptSha256,
        String targetThreadId,
        String cliRoute,
        String reason,
        String codexHomeSha256)
        implements LoopxEvent {
    public PromptMigrationFailed {
        PromptMigrationFields.check(
                automationId, agentId, oldPromptSha256, newPromptSha256, targetThreadId, cliRoute, reason);
        PromptMigrationFields.checkHome(codexHomeSha256);
    }
}
