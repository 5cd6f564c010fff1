package dev.loopx.projections.migration;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.PromptMigrationApplied;
import dev.loopx.ledger.event.PromptMigrationDeferred;
import dev.loopx.ledger.event.PromptMigrationRecovered;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.List;

/**
 * Pending upgrade hints (SPEC §S12): folds {@code prompt_migration.deferred} into view
 * {@code prompt_migration} (key {@code <goal>/<automation>/<codex-home-sha256>}: one record per
 * automation per Codex home, within this runtime root's ledger) and clears the record when a later
 * {@code prompt_migration.applied} (updated or found current) or {@code prompt_migration.recovered}
 * names the same automation <em>in the same Codex home</em>. An outcome or record without a home
 * digest (a v1 event) concerns the automation in every home. Failures and rollbacks leave the
 * record as it is. Content-free: ids, the old prompt digest, the thread, the CLI route and the
 * home's digest, never a prompt body or a path.
 */
public final class PromptMigrationFold {
    public static final String VIEW = "prompt_migration";

    private PromptMigrationFold() {}

    /**
     * The latest deferred migration of one automation and whether it is still pending.
     *
     * @param codexHomeSha256 which Codex home ({@code ""}: not recorded, a v1 event)
     * @param pending false once a later applied/current or recovered result named the automation
     */
    public record PendingUpgrade(
            long seq,
            String goalId,
            String agentId,
            String automationId,
            String oldPromptSha256,
            String targetThreadId,
            String cliRoute,
            String codexHomeSha256,
            String deferredAt,
            boolean pending,
            long clearedBySeq) {}

    public static void deferred(Views views, Recorded r, PromptMigrationDeferred e) {
        Documents.put(
                views,
                VIEW,
                key(r.goalId(), e.automationId(), e.codexHomeSha256()),
                new PendingUpgrade(
                        r.seq(),
                        r.goalId(),
                        e.agentId(),
                        e.automationId(),
                        e.oldPromptSha256(),
                        e.targetThreadId(),
                        e.cliRoute(),
                        e.codexHomeSha256(),
                        r.recordedAt(),
                        true,
                        0));
    }

    public static void applied(Views views, Recorded r, PromptMigrationApplied e) {
        clear(views, r, e.automationId(), e.codexHomeSha256());
    }

    public static void recovered(Views views, Recorded r, PromptMigrationRecovered e) {
        clear(views, r, e.automationId(), e.codexHomeSha256());
    }

    private static void clear(Views views, Recorded r, String automationId, String homeSha256) {
        for (PendingUpgrade p :
                Documents.list(views, VIEW, r.goalId() + "/" + automationId + "/", PendingUpgrade.class)) {
            if (!p.pending()
                    || !p.automationId().equals(automationId)
                    || !(homeSha256.isEmpty()
                            || p.codexHomeSha256().isEmpty()
                            || p.codexHomeSha256().equals(homeSha256))) {
                continue;
            }
            Documents.put(
                    views,
                    VIEW,
                    key(p.goalId(), p.automationId(), p.codexHomeSha256()),
                    new PendingUpgrade(
                            p.seq(),
                            p.goalId(),
                            p.agentId(),
                            p.automationId(),
                            p.oldPromptSha256(),
                            p.targetThreadId(),
                            p.cliRoute(),
                            p.codexHomeSha256(),
                            p.deferredAt(),
                            false,
                            r.seq()));
        }
    }

    /** The goal's still-pending deferred migrations, in automation id order. */
    public static List<PendingUpgrade> pending(Views views, String goalId) {
        return all(views, goalId).stream().filter(PendingUpgrade::pending).toList();
    }

    /** Every deferred migration of the goal, pending or cleared since, in automation id order. */
    public static List<PendingUpgrade> all(Views views, String goalId) {
        return Documents.list(views, VIEW, goalId + "/", PendingUpgrade.class);
    }

    /** The goal's pending deferred migrations bound to one agent. */
    public static List<PendingUpgrade> pending(Views views, String goalId, String agentId) {
        return pending(views, goalId).stream()
                .filter(p -> p.agentId().equals(agentId))
                .toList();
    }

    private static String key(String goalId, String automationId, String homeSha256) {
        return goalId + "/" + automationId + "/" + homeSha256;
    }
}
