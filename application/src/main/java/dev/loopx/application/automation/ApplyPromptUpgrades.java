package dev.loopx.application.automation;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import dev.loopx.host.codexapp.migration.PromptPlan;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.projections.next.Flag;
import io.vavr.control.Either;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case "write a reviewed prompt-upgrade plan to the Codex App stores" (SPEC §S12). Refuses a
 * plan made for another Codex home or runtime root ({@link InvalidRequest}), and writes nothing
 * unless the caller confirms the App is quit and asks to write ({@link OfflineExecuteRequired}).
 * Then one automation at a time through {@link PromptMigrator#apply} (journal first, SQLite lock,
 * compare-and-swap, atomic TOML replace, read-back); while a Codex App process runs, every
 * adoption is deferred and no store is written. Every outcome is a {@code prompt_migration.*}
 * ledger event.
 */
public final class ApplyPromptUpgrades {
    private static final List<String> NOT_OK = List.of("failed", "preview_stale", "deferred");

    private ApplyPromptUpgrades() {}

    /**
     * @param planFile the private plan file as the caller named it
     * @param codexHome the {@code --codex-home} value (must be the plan's), {@code null} when not given
     * @param hooks crash-test seams ({@link MigrationHooks#NONE} outside tests)
     */
    public record Request(String planFile, String codexHome, boolean offline, boolean execute, MigrationHooks hooks) {
        public Request {
            Objects.requireNonNull(planFile, "planFile");
            Objects.requireNonNull(hooks, "hooks");
        }
    }

    /**
     * What the apply did: whether a Codex App process ran, why every adoption was deferred (if it
     * was), one result per plan entry in plan order, the ledger's receipts, and the App-side
     * {@code automation_update} request of every adoption of the plan (what the App must be asked
     * to write itself when the apply was deferred; the body stays in the private plan file), and
     * when deferred the private report with the complete requests ({@link AppRequestReport}).
     */
    public record Applied(
            boolean appRunning,
            Optional<String> deferralReason,
            List<MigrationResult> results,
            List<RecordedMigration> recorded,
            List<AutomationUpdate> automationUpdateRequests,
            Optional<Path> reportFile) {
        public Applied {
            Objects.requireNonNull(deferralReason, "deferralReason");
            Objects.requireNonNull(reportFile, "reportFile");
            results = List.copyOf(results);
            recorded = List.copyOf(recorded);
            automationUpdateRequests = List.copyOf(automationUpdateRequests);
        }

        /** True unless an automation failed, went stale or was deferred. */
        public boolean ok() {
            return results.stream().noneMatch(r -> NOT_OK.contains(r.result()));
        }
    }

    public static Either<OfflineExecuteRequired, Applied> run(Invocation invocation, Request r) {
        PromptPlan plan = PlanFiles.read(PlanFiles.resolve(invocation, r.planFile()));
        if (r.codexHome() != null
                && !AppLanes.codexHome(invocation, r.codexHome())
                        .root()
                        .toString()
                        .equals(plan.codexHome())) {
            throw new InvalidRequest(
                    "invalid_value", Flag.CODEX_HOME, "differs from the plan's Codex home; plan again");
        }
        if (!plan.runtimeRoot().equals(AppLanes.runtimeRoot(invocation))) {
            throw new InvalidRequest(
                    "invalid_value", "the plan was made for another runtime root; plan again with this one");
        }
        if (!r.offline() || !r.execute()) {
            return Either.left(new OfflineExecuteRequired());
        }
        CodexHome home = new CodexHome(Path.of(plan.codexHome()), CodexHome.Source.FLAG);
        PromptMigrator migrator = AppLanes.migrator(invocation, home, AppLanes.journal(invocation, home));
        boolean appRunning = migrator.appRunning();
        Optional<String> deferral = migrator.deferralReason();
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            MigrationRecords records = new MigrationRecords(invocation, runtime, home);
            Optional<Path> report = deferral.map(reason -> AppRequestReport.write(
                    invocation, plan.codexHome(), reason, fresh(invocation, runtime, home, plan)));
            List<PromptMigrator.Result> results =
                    migrator.apply(plan, records, r.hooks().journal(), r.hooks().store());
            return Either.right(new Applied(
                    appRunning,
                    deferral,
                    results.stream().map(MigrationResult::of).toList(),
                    records.recorded(),
                    automationUpdateRequests(plan.entries()),
                    report));
        }
    }

    /**
     * The plan's adoptions as the stores hold them now (a fresh view: current field values and
     * digests); an adoption that no longer reads the same is left out, since a request built on
     * the plan's view would be refused by its precondition anyway.
     */
    private static List<PlanEntry> fresh(Invocation invocation, LoopxRuntime runtime, CodexHome home, PromptPlan plan) {
        List<String> ids = plan.entries().stream()
                .filter(PlanEntry::adoptionRequired)
                .map(PlanEntry::automationId)
                .toList();
        if (ids.isEmpty()) {
            return List.of();
        }
        List<PlanEntry> now = PlanPromptUpgrades.plan(
                        invocation, home, AppLanes.registered(runtime.views()), ids, "loopx")
                .map(PromptPlan::entries)
                .getOrElse(List.of());
        List<PlanEntry> out = new ArrayList<>();
        for (PlanEntry was : plan.entries()) {
            now.stream()
                    .filter(n -> n.automationId().equals(was.automationId()) && was.adoptionRequired())
                    .filter(n -> !was.changedIn(n))
                    .findFirst()
                    .ifPresent(n -> out.add(was.withViewOf(n)));
        }
        return out;
    }

    /** The App-side request of each adoption among {@code entries}, in order. */
    static List<AutomationUpdate> automationUpdateRequests(List<PlanEntry> entries) {
        return entries.stream()
                .filter(PlanEntry::adoptionRequired)
                .map(AutomationUpdate::of)
                .toList();
    }
}
