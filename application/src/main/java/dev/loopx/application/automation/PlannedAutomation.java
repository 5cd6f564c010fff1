package dev.loopx.application.automation;

import dev.loopx.host.codexapp.migration.PlanEntry;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One automation of a prompt-upgrade plan as an answer may show it: the {@link PlanEntry} without
 * its desired body (which holds a local path and stays in the private plan file), so ids, its
 * status ({@link #STATUSES}), the binding and digests only.
 *
 * @param reasons why blocked or unmanaged (machine codes), empty otherwise
 * @param bindingSource {@code managed_wrapper | named_in_prompt} when a binding was found
 * @param wrapperVersion the managed wrapper version the automation holds now, when it holds one
 * @param pendingJournal a migration of this automation in this Codex home was interrupted (its
 *     journal is still {@code pending}): finish it with {@code recover} or undo it with {@code rollback}
 * @param appReconciliation what only the App can fix (a machine code), e.g.
 *     {@link #LEGACY_TOML_HEARTBEAT_OVER_CRON}; LoopX never offers an executable upgrade for it
 */
public record PlannedAutomation(
        String automationId,
        String status,
        List<String> reasons,
        Optional<String> goalId,
        Optional<String> agentId,
        Optional<String> bindingSource,
        Optional<Integer> wrapperVersion,
        Optional<String> promptSha256,
        String sourceSha256,
        Optional<String> targetThreadId,
        Optional<String> desiredSha256,
        Optional<Integer> desiredWrapperVersion,
        boolean pendingJournal,
        Optional<String> appReconciliation) {
    /**
     * The SQLite row is a {@code cron} job without a thread while the TOML mirror still says
     * {@code heartbeat} (an automation the App converted, or a stale mirror): only the App can
     * reconcile it.
     */
    public static final String LEGACY_TOML_HEARTBEAT_OVER_CRON = "legacy_toml_heartbeat_over_cron";

    /** Every status a plan entry can have, in the order answers count them. */
    public static final List<String> STATUSES =
            List.of(PlanEntry.BLOCKED, PlanEntry.UNMANAGED, PlanEntry.CURRENT, PlanEntry.ADOPTION_REQUIRED);

    public static final String ADOPTION_REQUIRED = PlanEntry.ADOPTION_REQUIRED;

    public PlannedAutomation {
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(status, "status");
        reasons = List.copyOf(reasons);
        Objects.requireNonNull(sourceSha256, "sourceSha256");
        Objects.requireNonNull(appReconciliation, "appReconciliation");
    }

    /** The entry with nothing pending and nothing for the App to reconcile. */
    public static PlannedAutomation of(PlanEntry e) {
        return of(e, false);
    }

    /** @param pendingJournal whether this home's journal of the automation is still pending */
    public static PlannedAutomation of(PlanEntry e, boolean pendingJournal) {
        return new PlannedAutomation(
                e.automationId(),
                e.status(),
                e.reasons(),
                e.goalId(),
                e.agentId(),
                e.bindingSource(),
                e.wrapperVersion(),
                e.promptSha256(),
                e.sourceSha256(),
                e.targetThreadId(),
                e.desiredSha256(),
                e.desiredWrapperVersion(),
                pendingJournal,
                appReconciliation(e));
    }

    /** A cron row under a heartbeat TOML mirror with no thread binding: the App must reconcile it. */
    static Optional<String> appReconciliation(PlanEntry e) {
        boolean cronRow = e.appFields().getOrDefault("kind", "").trim().equalsIgnoreCase("cron");
        boolean heartbeatMirror = e.reasons().contains("stores_disagree_kind");
        boolean noThread = e.appFields().getOrDefault("target_thread_id", "").isBlank();
        return e.status().equals(PlanEntry.BLOCKED) && cronRow && heartbeatMirror && noThread
                ? Optional.of(LEGACY_TOML_HEARTBEAT_OVER_CRON)
                : Optional.empty();
    }
}
