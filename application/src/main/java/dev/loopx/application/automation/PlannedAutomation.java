package dev.loopx.application.automation;

import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PlanStatus;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One automation of a prompt-upgrade plan as an answer may show it: its {@link PlanEntry}, whether
 * a migration of it is pending, and what only the App can fix. The accessors below are the
 * entry's public fields (ids, status ({@link #STATUSES}), the binding and digests); its desired
 * and current prompt bodies hold a local path and are never among them (they stay in the private
 * plan file).
 *
 * @param entry the planned automation
 * @param pendingJournal a migration of this automation in this Codex home was interrupted (its
 *     journal is still {@code pending}): finish it with {@code recover} or undo it with {@code rollback}
 * @param appReconciliation what only the App can fix (a machine code), e.g.
 *     {@link #LEGACY_TOML_HEARTBEAT_OVER_CRON}; LoopX never offers an executable upgrade for it
 */
public record PlannedAutomation(PlanEntry entry, boolean pendingJournal, Optional<String> appReconciliation) {
    /**
     * The SQLite row is a {@code cron} job without a thread while the TOML mirror still says
     * {@code heartbeat} (an automation the App converted, or a stale mirror): only the App can
     * reconcile it.
     */
    public static final String LEGACY_TOML_HEARTBEAT_OVER_CRON = "legacy_toml_heartbeat_over_cron";

    /** Every status a plan entry can have, in the order answers count them. */
    public static final List<PlanStatus> STATUSES = List.of(PlanStatus.values());

    public PlannedAutomation {
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(appReconciliation, "appReconciliation");
    }

    public String automationId() {
        return entry.automationId();
    }

    public PlanStatus status() {
        return entry.status();
    }

    /** Why blocked or unmanaged (machine codes), empty otherwise. */
    public List<String> reasons() {
        return entry.reasons();
    }

    public Optional<String> goalId() {
        return entry.goalId();
    }

    public Optional<String> agentId() {
        return entry.agentId();
    }

    /** {@code managed_wrapper | named_in_prompt} when a binding was found. */
    public Optional<String> bindingSource() {
        return entry.bindingSource();
    }

    /** The managed wrapper version the automation holds now, when it holds one. */
    public Optional<Integer> wrapperVersion() {
        return entry.wrapperVersion();
    }

    public Optional<String> promptSha256() {
        return entry.promptSha256();
    }

    public String sourceSha256() {
        return entry.sourceSha256();
    }

    public Optional<String> targetThreadId() {
        return entry.targetThreadId();
    }

    public Optional<String> desiredSha256() {
        return entry.desiredSha256();
    }

    public Optional<Integer> desiredWrapperVersion() {
        return entry.desiredWrapperVersion();
    }

    /** The entry with nothing pending and nothing for the App to reconcile. */
    public static PlannedAutomation of(PlanEntry e) {
        return of(e, false);
    }

    /** @param pendingJournal whether this home's journal of the automation is still pending */
    public static PlannedAutomation of(PlanEntry e, boolean pendingJournal) {
        return new PlannedAutomation(e, pendingJournal, appReconciliation(e));
    }

    /** A cron row under a heartbeat TOML mirror with no thread binding: the App must reconcile it. */
    static Optional<String> appReconciliation(PlanEntry e) {
        boolean cronRow = e.appFields().getOrDefault("kind", "").trim().equalsIgnoreCase("cron");
        boolean heartbeatMirror = e.reasons().contains("stores_disagree_kind");
        boolean noThread = e.appFields().getOrDefault("target_thread_id", "").isBlank();
        return e.status() == PlanStatus.BLOCKED && cronRow && heartbeatMirror && noThread
                ? Optional.of(LEGACY_TOML_HEARTBEAT_OVER_CRON)
                : Optional.empty();
    }
}
