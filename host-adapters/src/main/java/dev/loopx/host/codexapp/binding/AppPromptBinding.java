package dev.loopx.host.codexapp.binding;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.projections.heartbeat.HeartbeatFold.HeartbeatInstall;
import dev.loopx.projections.migration.PromptMigrationFold.PendingUpgrade;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code scheduler_hint.app_automation.prompt_binding} ({@value #SCHEMA}) of a Codex App lane:
 * what LoopX knows about the heartbeat automation that runs this lane, and whether should-run may
 * show the pending-upgrade hint (SPEC §S12). The Codex stores are read only when exactly one
 * pending deferred migration names the lane; otherwise the answer comes from the ledger alone:
 * <ul>
 *   <li>several pending records → {@code ambiguous}, no hint;</li>
 *   <li>one record, recorded for another Codex home → {@code unavailable} ({@code other_codex_home}), no hint;</li>
 *   <li>one record, store read: unreadable → {@code unavailable}; gone from both stores →
 *       {@code absent}; blocked (deleted, stores disagree, cron…) → {@code blocked} (or
 *       {@code ambiguous} for an ambiguous binding); {@code unmanaged}; {@code current} (adopted);
 *       still the deferred prompt on the deferred thread and lane → {@code adoption_required}
 *       with the {@code automation_update} request, and the hint; a prompt, thread or lane that
 *       changed since the deferral → {@code blocked} ({@code *_changed_since_deferral}), no hint.
 *       A schedule (RRULE) change alone changes nothing;</li>
 *   <li>no pending record: a deferred upgrade of the lane that was applied or recovered since →
 *       {@code current} ({@code upgrade_applied}); else the lane's last recorded install of the
 *       current wrapper version → {@code current}; of an older version → {@code unavailable}
 *       ({@code installed_wrapper_outdated}: run the plan); none → {@code absent}.</li>
 * </ul>
 */
public record AppPromptBinding(
        String status,
        String reason,
        String source,
        Optional<PendingUpgrade> hinted,
        Optional<PlanEntry> entry,
        Optional<HeartbeatInstall> install,
        Optional<String> automationId) {
    public static final String SCHEMA = "codex_app_automation_prompt_binding_v0";
    public static final List<String> STATUSES =
            List.of("absent", "unavailable", "ambiguous", "blocked", "unmanaged", "current", "adoption_required");

    public AppPromptBinding {
        if (!STATUSES.contains(status)) {
            throw new IllegalArgumentException("unknown prompt binding status " + status);
        }
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(hinted, "hinted");
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(install, "install");
        Objects.requireNonNull(automationId, "automationId");
    }

    /**
     * @param lane            the lane's deferred records, pending or cleared ({@code PendingUpgradeHint.forLane}
     *                        over {@code PromptMigrationFold.all})
     * @param install         the lane's last {@code heartbeat.installed} on {@code codex_app}
     * @param currentVersion  the managed wrapper version this runtime writes
     * @param home            the Codex home this process resolves ({@code $CODEX_HOME}, else {@code ~/.codex})
     * @param storeRead       reads the one pending record's automation ({@link CodexStoreBinding#read}); called
     *                        only then, so the store adapter is not even loaded otherwise
     */
    public static AppPromptBinding resolve(
            List<PendingUpgrade> lane,
            Optional<HeartbeatInstall> install,
            int currentVersion,
            CodexHome home,
            StoreRead storeRead) {
        List<PendingUpgrade> pending =
                lane.stream().filter(PendingUpgrade::pending).toList();
        if (pending.size() > 1) {
            return ledger("ambiguous", "several_pending_upgrades", install);
        }
        if (pending.isEmpty()) {
            Optional<PendingUpgrade> cleared =
                    lane.stream().max(java.util.Comparator.comparingLong(PendingUpgrade::clearedBySeq));
            if (cleared.isPresent()) {
                return new AppPromptBinding(
                        "current",
                        "upgrade_applied",
                        "ledger",
                        Optional.empty(),
                        Optional.empty(),
                        install,
                        Optional.of(cleared.get().automationId()));
            }
            if (install.isEmpty()) {
                return ledger("absent", "", install);
            }
            return install.get().wrapperVersion() >= currentVersion
                    ? ledger("current", "", install)
                    : ledger("unavailable", "installed_wrapper_outdated", install);
        }
        PendingUpgrade record = pending.get(0);
        if (!record.codexHomeSha256().isEmpty() && !record.codexHomeSha256().equals(home.identitySha256())) {
            return new AppPromptBinding(
                    "unavailable",
                    "other_codex_home",
                    "ledger",
                    Optional.empty(),
                    Optional.empty(),
                    install,
                    Optional.of(record.automationId()));
        }
        return storeRead.read(record);
    }

    private static AppPromptBinding ledger(String status, String reason, Optional<HeartbeatInstall> install) {
        return new AppPromptBinding(
                status, reason, "ledger", Optional.empty(), Optional.empty(), install, Optional.empty());
    }

    /** Reads the store for the one pending record of the lane. */
    @FunctionalInterface
    public interface StoreRead {
        AppPromptBinding read(PendingUpgrade record);
    }

    static AppPromptBinding store(
            String status,
            String reason,
            PendingUpgrade record,
            Optional<PlanEntry> entry,
            Optional<HeartbeatInstall> install,
            boolean hint) {
        return new AppPromptBinding(
                status,
                reason,
                "codex_store",
                hint ? Optional.of(record) : Optional.empty(),
                entry,
                install,
                Optional.of(record.automationId()));
    }

    /** The public, content-free form (ids, digests, codes; never a prompt body or a path). */
    public ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("schema_version", SCHEMA);
        o.put("status", status);
        o.put("reason", reason.isEmpty() ? null : reason);
        o.put("source", source);
        o.put("automation_id", automationId.orElse(null));
        o.put("upgrade_hint_emitted", hinted.isPresent());
        entry.ifPresent(e -> {
            o.put("prompt_sha256", e.promptSha256().orElse(null));
            o.put("desired_sha256", e.desiredSha256().orElse(null));
            o.put("target_thread_id", e.targetThreadId().orElse(null));
        });
        if (entry.isEmpty()) {
            install.ifPresent(i -> {
                o.put("installed_wrapper_version", i.wrapperVersion());
                o.put("prompt_sha256", i.wrapperSha256());
            });
        }
        if (status.equals("adoption_required")) {
            o.set("automation_update", PromptMigrator.automationUpdateRequest(entry.orElseThrow()));
        }
        if (status.equals("adoption_required") || reason.equals("installed_wrapper_outdated")) {
            o.put(
                    "next_command",
                    "loopx automation-prompts plan"
                            + automationId.map(id -> " --automation-id " + id).orElse(""));
        }
        o.put("grants_authority", false);
        return o;
    }
}
