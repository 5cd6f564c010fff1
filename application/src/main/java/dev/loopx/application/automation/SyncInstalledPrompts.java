package dev.loopx.application.automation;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.codexapp.migration.MigrationJournal;
import dev.loopx.host.codexapp.migration.MigrationOutcome;
import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PlanStatus;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import dev.loopx.host.codexapp.migration.PromptPlan;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.MigrationHook;
import dev.loopx.host.codexapp.store.StoreProblem;
import dev.loopx.projections.migration.PromptMigrationFold;
import dev.loopx.projections.next.Flag;
import io.vavr.control.Either;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case "after an upgrade, bring the installed managed wrappers to this runtime's wrapper"
 * (SPEC §S12): re-plans every automation of a snapshot (a plan file made before the upgrade, with
 * its Codex home) and migrates only what {@link SyncVerdict} allows. Without {@code execute} it is
 * a preview and writes nothing; while the App runs every migration is deferred with its App-side
 * request. A Codex store it cannot read is the {@code Left}.
 */
public final class SyncInstalledPrompts {
    private static final String ROUTE = "automation-prompts sync-installed";
    /** Row results of automations {@link SyncVerdict} lets through: before the write, or in a preview. */
    public static final String PENDING = "pending";

    public static final String WOULD_UPDATE = "would_update";

    private SyncInstalledPrompts() {}

    /**
     * @param planFile the snapshot as the caller named it
     * @param cliBin the CLI binary wrappers must already use (checked by the adapter)
     * @param automationIds only these automations of the snapshot (duplicates dropped); empty: all.
     *     An id the snapshot does not hold is an {@link InvalidRequest}
     */
    public record Request(String planFile, String cliBin, boolean execute, List<String> automationIds) {
        public Request {
            Objects.requireNonNull(planFile, "planFile");
            Objects.requireNonNull(cliBin, "cliBin");
            automationIds = List.copyOf(new LinkedHashSet<>(automationIds));
        }

        public Request(String planFile, String cliBin, boolean execute) {
            this(planFile, cliBin, execute, List.of());
        }
    }

    /**
     * One automation of the snapshot, in snapshot order: its fresh plan entry and its result (a
     * {@link SyncVerdict}, {@link #PENDING}/{@link #WOULD_UPDATE}, or the migrator's result). Only
     * a row that went through the migrator ({@code migrated}) has a {@code reason} ({@code ""}: none).
     */
    public record Row(PlannedAutomation entry, String result, boolean migrated, String reason) {
        public Row {
            Objects.requireNonNull(entry, "entry");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The migration that ran (execute with something to migrate): whether the App ran and why
     * adoptions were deferred, as probed before it; when the App was found running after it, the
     * App-side {@code automation_update} requests of the entries it migrated ({@code appSide});
     * whether every automation migrated ended updated or current ({@code succeeded}).
     */
    public record Migration(
            boolean appRunning,
            Optional<String> deferralReason,
            Optional<List<AutomationUpdate>> appSide,
            boolean succeeded,
            Optional<Path> reportFile) {
        public Migration {
            Objects.requireNonNull(deferralReason, "deferralReason");
            appSide = appSide.map(List::copyOf);
            Objects.requireNonNull(reportFile, "reportFile");
        }
    }

    /** {@code ok}: every migration updated or already current, and no automation changed since the snapshot. */
    public record Synced(
            boolean ok,
            boolean execute,
            List<Row> rows,
            Optional<Migration> migration,
            List<RecordedMigration> recorded) {
        public Synced {
            rows = List.copyOf(rows);
            Objects.requireNonNull(migration, "migration");
            recorded = List.copyOf(recorded);
        }
    }

    public static Either<StoreUnavailable, Synced> run(Invocation invocation, Request r) {
        PromptPlan snapshot = narrowed(PlanFiles.read(PlanFiles.resolve(invocation, r.planFile())), r.automationIds());
        CodexHome home = new CodexHome(Path.of(snapshot.codexHome()), CodexHome.Source.FLAG);
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            List<String> ids =
                    snapshot.entries().stream().map(PlanEntry::automationId).toList();
            Either<StoreProblem, PromptPlan> fresh =
                    PlanPromptUpgrades.plan(invocation, home, AppLanes.registered(runtime.views()), ids, r.cliBin());
            if (fresh.isLeft()) {
                return Either.left(StoreUnavailable.of(fresh.getLeft()));
            }
            List<Row> rows = new ArrayList<>();
            List<PlanEntry> toMigrate = classify(snapshot, fresh.get(), r, rows, AppLanes.journal(invocation, home));
            boolean ok = true;
            Optional<Migration> migration = Optional.empty();
            List<RecordedMigration> recorded = List.of();
            if (r.execute()) {
                MigrationRecords records = new MigrationRecords(invocation, runtime, home);
                resolveAdopted(runtime, home, fresh.get(), records);
                if (!toMigrate.isEmpty()) {
                    Migration m = migrate(invocation, snapshot, home, toMigrate, records, rows);
                    migration = Optional.of(m);
                    ok = m.succeeded();
                }
                recorded = records.recorded();
            }
            ok &= rows.stream().noneMatch(o -> o.result().equals(SyncVerdict.CHANGED_SINCE_SNAPSHOT));
            return Either.right(new Synced(ok, r.execute(), rows, migration, recorded));
        }
    }

    /** The snapshot with only {@code ids} (in snapshot order); all of it when {@code ids} is empty. */
    private static PromptPlan narrowed(PromptPlan snapshot, List<String> ids) {
        if (ids.isEmpty()) {
            return snapshot;
        }
        List<String> held =
                snapshot.entries().stream().map(PlanEntry::automationId).toList();
        for (String id : ids) {
            if (!held.contains(id)) {
                throw new InvalidRequest(
                        "invalid_value", Flag.AUTOMATION_ID, id + " is not an automation of the snapshot");
            }
        }
        return new PromptPlan(
                snapshot.codexHome(),
                snapshot.runtimeRoot(),
                snapshot.createdAt(),
                snapshot.entries().stream()
                        .filter(e -> ids.contains(e.automationId()))
                        .toList());
    }

    /**
     * An automation that now holds the current wrapper (adopted, e.g. through the App, since it
     * was deferred) while a pending-upgrade record of this Codex home still names it: records
     * {@code prompt_migration.applied} ({@code current}), which resolves the record, so should-run
     * stops reading the store for it.
     */
    private static void resolveAdopted(
            LoopxRuntime runtime, CodexHome home, PromptPlan fresh, MigrationRecords records) {
        String homeSha = home.identitySha256();
        for (PlanEntry e : fresh.entries()) {
            if (e.status() != PlanStatus.CURRENT || e.goalId().isEmpty()) {
                continue;
            }
            boolean pending = PromptMigrationFold.pending(
                            runtime.views(), e.goalId().get())
                    .stream()
                    .anyMatch(p -> p.automationId().equals(e.automationId())
                            && (p.codexHomeSha256().isEmpty()
                                    || p.codexHomeSha256().equals(homeSha)));
            if (pending) {
                records.record(new MigrationOutcome(
                        "applied",
                        e.goalId().get(),
                        e.agentId().orElseThrow(),
                        e.automationId(),
                        e.promptSha256().orElseThrow(),
                        e.desiredSha256().orElseThrow(),
                        e.targetThreadId().orElse(""),
                        ROUTE,
                        "current"));
            }
        }
    }

    /** Adds one row per snapshot entry (its verdict, or pending/would_update) and answers the entries to migrate. */
    private static List<PlanEntry> classify(
            PromptPlan snapshot, PromptPlan fresh, Request r, List<Row> rows, MigrationJournal journal) {
        List<PlanEntry> toMigrate = new ArrayList<>();
        for (int i = 0; i < snapshot.entries().size(); i++) {
            PlanEntry now = fresh.entries().get(i);
            Optional<String> verdict = SyncVerdict.of(snapshot.entries().get(i), now, r.cliBin());
            if (verdict.isPresent()) {
                rows.add(new Row(
                        PlannedAutomation.of(now, PlanPromptUpgrades.pendingJournal(journal, now)),
                        verdict.get(),
                        false,
                        ""));
            } else {
                toMigrate.add(now);
                rows.add(new Row(PlannedAutomation.of(now), r.execute() ? PENDING : WOULD_UPDATE, false, ""));
            }
        }
        return toMigrate;
    }

    /** Applies {@code toMigrate} (as a plan of its own) and writes each result into the first row of its automation. */
    private static Migration migrate(
            Invocation invocation,
            PromptPlan snapshot,
            CodexHome home,
            List<PlanEntry> toMigrate,
            MigrationRecords records,
            List<Row> rows) {
        PromptMigrator migrator = AppLanes.migrator(invocation, home, AppLanes.journal(invocation, home));
        PromptPlan sub = new PromptPlan(
                snapshot.codexHome(),
                AppLanes.runtimeRoot(invocation),
                invocation.now().toString(),
                toMigrate);
        boolean appRunning = migrator.appRunning();
        Optional<String> deferral = migrator.deferralReason();
        boolean succeeded = true;
        for (PromptMigrator.Result result :
                migrator.apply(sub, records, PromptMigrator.JournalHook.NONE, MigrationHook.NONE, ROUTE)) {
            for (int i = 0; i < rows.size(); i++) {
                if (rows.get(i).entry().automationId().equals(result.automationId())) {
                    rows.set(i, new Row(rows.get(i).entry(), result.result(), true, result.reason()));
                    break;
                }
            }
            succeeded &= result.result().equals("updated") || result.result().equals("current");
        }
        // probed again: the App-side requests are offered when the App runs now, after the apply
        Optional<String> deferredNow = migrator.deferralReason();
        Optional<List<AutomationUpdate>> appSide =
                deferredNow.map(reason -> ApplyPromptUpgrades.automationUpdateRequests(toMigrate));
        // the complete requests (they hold the desired prompt, a local path) go to the private report
        Optional<Path> report =
                deferredNow.map(reason -> AppRequestReport.write(invocation, snapshot.codexHome(), reason, toMigrate));
        return new Migration(appRunning, deferral, appSide, succeeded, report);
    }
}
