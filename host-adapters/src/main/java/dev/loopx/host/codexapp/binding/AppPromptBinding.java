package dev.loopx.host.codexapp.binding;

import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import dev.loopx.projections.heartbeat.HeartbeatFold.HeartbeatInstall;
import dev.loopx.projections.migration.PromptMigrationFold.PendingUpgrade;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code scheduler_hint.app_automation.prompt_binding} ({@value #SCHEMA}) of a Codex App lane:
 * what LoopX knows about the heartbeat automation that runs this lane, and whether should-run may
 * show the pending-upgrade hint (SPEC §S12). The Codex stores are read only when exactly one
 * pending deferred migration names the lane; otherwise the answer comes from the ledger alone:
 * <ul>
 *   <li>records are per Codex home: only those of the home this process resolves (or v1 records,
 *       home unknown) count; several → {@code ambiguous}, no hint; none, but records of another
 *       home → {@code unavailable} ({@code other_codex_home}), no hint;</li>
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
 *
 * <p>The CLI renders it; its public form carries ids, digests and codes, never a prompt body or a path.
 *
 * @param reason       a machine code, empty when there is none
 * @param source       {@code ledger} or {@code codex_store}: what the answer was read from
 * @param hinted       the pending upgrade should-run may show (only for {@code adoption_required})
 * @param entry        the store's plan entry of the automation, when the store was read and planned
 * @param automationId the automation the answer is about, when one is known
 */
public record AppPromptBinding(
        Status status,
        String reason,
        String source,
        Optional<PendingUpgrade> hinted,
        Optional<PlanEntry> entry,
        Optional<HeartbeatInstall> install,
        Optional<String> automationId) {
    public static final String SCHEMA = "codex_app_automation_prompt_binding_v0";

    /** What LoopX knows about the automation that runs the lane, with its wire spelling. */
    public enum Status {
        ABSENT("absent"),
        UNAVAILABLE("unavailable"),
        AMBIGUOUS("ambiguous"),
        BLOCKED("blocked"),
        UNMANAGED("unmanaged"),
        CURRENT("current"),
        ADOPTION_REQUIRED("adoption_required");

        private final String wire;

        Status(String wire) {
            this.wire = wire;
        }

        /** The spelling in JSON. */
        public String wire() {
            return wire;
        }

        static Status of(String wire) {
            for (Status s : values()) {
                if (s.wire.equals(wire)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown prompt binding status " + wire);
        }
    }

    public AppPromptBinding {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(hinted, "hinted");
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(install, "install");
        Objects.requireNonNull(automationId, "automationId");
        if (status == Status.ADOPTION_REQUIRED && entry.isEmpty()) {
            throw new IllegalArgumentException("an adoption needs its plan entry");
        }
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
        if (pending.isEmpty()) {
            Optional<PendingUpgrade> cleared =
                    lane.stream().max(Comparator.comparingLong(PendingUpgrade::clearedBySeq));
            if (cleared.isPresent()) {
                return new AppPromptBinding(
                        Status.CURRENT,
                        "upgrade_applied",
                        "ledger",
                        Optional.empty(),
                        Optional.empty(),
                        install,
                        Optional.of(cleared.get().automationId()));
            }
            if (install.isEmpty()) {
                return ledger(Status.ABSENT, "", install);
            }
            return install.get().wrapperVersion() >= currentVersion
                    ? ledger(Status.CURRENT, "", install)
                    : ledger(Status.UNAVAILABLE, "installed_wrapper_outdated", install);
        }
        // records are per Codex home: only this home's (or a v1 record, home unknown) can be confirmed here
        String mine = home.identitySha256();
        List<PendingUpgrade> here = pending.stream()
                .filter(p ->
                        p.codexHomeSha256().isEmpty() || p.codexHomeSha256().equals(mine))
                .toList();
        if (here.size() > 1) {
            return ledger(Status.AMBIGUOUS, "several_pending_upgrades", install);
        }
        if (here.isEmpty()) {
            return new AppPromptBinding(
                    Status.UNAVAILABLE,
                    "other_codex_home",
                    "ledger",
                    Optional.empty(),
                    Optional.empty(),
                    install,
                    Optional.of(pending.get(0).automationId()));
        }
        PendingUpgrade record = here.get(0);
        return storeRead.read(record);
    }

    private static AppPromptBinding ledger(Status status, String reason, Optional<HeartbeatInstall> install) {
        return new AppPromptBinding(
                status, reason, "ledger", Optional.empty(), Optional.empty(), install, Optional.empty());
    }

    /** Reads the store for the one pending record of the lane. */
    @FunctionalInterface
    public interface StoreRead {
        AppPromptBinding read(PendingUpgrade record);
    }

    /** An answer read from the store; {@code status} is the wire spelling of a {@link Status}. */
    static AppPromptBinding store(
            String status,
            String reason,
            PendingUpgrade record,
            Optional<PlanEntry> entry,
            Optional<HeartbeatInstall> install,
            boolean hint) {
        return new AppPromptBinding(
                Status.of(status),
                reason,
                "codex_store",
                hint ? Optional.of(record) : Optional.empty(),
                entry,
                install,
                Optional.of(record.automationId()));
    }

    /** The adoption's plan entry (present exactly when adoption is required): the App-side {@code automation_update} request is built from it. */
    public Optional<PlanEntry> adoption() {
        return status == Status.ADOPTION_REQUIRED ? entry : Optional.empty();
    }

    /**
     * How the lane calls LoopX: the CLI binary of the managed wrapper the automation holds (a
     * canary keeps its own), else {@code loopx}.
     */
    public String cliBin() {
        return entry.flatMap(PlanEntry::desiredPrompt)
                .flatMap(WrapperRecognizer::recognize)
                .map(WrapperBinding::cliBin)
                .orElse("loopx");
    }

    /** The exact {@code <cli-bin> automation-prompts plan} to run next, when the lane needs one. */
    public Optional<String> nextCommand() {
        if (status != Status.ADOPTION_REQUIRED && !reason.equals("installed_wrapper_outdated")) {
            return Optional.empty();
        }
        return Optional.of(cliBin() + " automation-prompts plan"
                + automationId.map(id -> " --automation-id " + id).orElse(""));
    }
}
