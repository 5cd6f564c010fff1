package dev.loopx.ledger.event;

/**
 * {@code prompt_migration.deferred} v2 (SPEC §S12): a migration was not attempted because it cannot be done offline now (reason {@code app_running}); the App-side {@code automation_update} request was answered instead. Pending upgrade hints are built from these. Content-free: no prompt body and no local path is
 * recorded, only ids, digests, the host thread id and the CLI route.
 *
 * @param automationId    the Codex App automation id
 * @param agentId         the registered lane the automation is bound to
 * @param oldPromptSha256 SHA-256 (hex) of the prompt the stores held before
 * @param newPromptSha256 SHA-256 (hex) of the managed wrapper the migration writes
 * @param targetThreadId  the automation's target thread ({@code ""} when it has none)
 * @param cliRoute        the command that produced the outcome, e.g. {@code automation-prompts apply}
 * @param reason          a machine code saying why ({@code ""} when nothing more needs saying)
 * @param codexHomeSha256 SHA-256 (hex) of the Codex home's path, so a hint is never shown for
 *                        another home; {@code ""} for v1 events, which did not record it
 */
public record PromptMigrationDeferred(
        String automationId,
        String agentId,
        String oldPromptSha256,
        String newPromptSha256,
        String targetThreadId,
        String cliRoute,
        String reason,
        String codexHomeSha256)
        implements LoopxEvent {
    public PromptMigrationDeferred {
        PromptMigrationFields.check(
                automationId, agentId, oldPromptSha256, newPromptSha256, targetThreadId, cliRoute, reason);
        PromptMigrationFields.checkHome(codexHomeSha256);
    }
}
