package dev.loopx.host.codexapp.migration;

import dev.loopx.host.codexapp.store.CodexAppProcessProbe;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.ConvergeOutcome;
import dev.loopx.host.codexapp.store.CrossStoreRead;
import dev.loopx.host.codexapp.store.MigrationHook;
import dev.loopx.host.codexapp.store.PromptChange;
import dev.loopx.host.codexapp.store.StoreProblem;
import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Executes prompt-upgrade plans and finishes or undoes them (SPEC §S12): {@link #apply},
 * {@link #recover} and {@link #rollback}. Every write goes through
 * {@link CodexAutomationStore#apply}/{@link CodexAutomationStore#converge} (SQLite writer lock,
 * compare-and-swap, atomic TOML replace, read-back). Before any store is touched, the migration's
 * private journal ({@link MigrationJournal}) records the exact before and after images. Each
 * automation commits on its own and each outcome is handed to the {@link MigrationOutcome.Recorder}
 * as soon as it is known; a failure of one automation never hides or stops the others. Nothing is
 * written while the Codex App runs.
 */
public final class PromptMigrator {
    public static final String ROUTE_APPLY = "automation-prompts apply";
    public static final String ROUTE_RECOVER = "automation-prompts recover";
    public static final String ROUTE_ROLLBACK = "automation-prompts rollback";

    /** Where a test may interrupt a migration, besides the store's own {@code MigrationStep}s. */
    public enum JournalPoint {
        BEFORE_JOURNAL,
        AFTER_JOURNAL
    }

    /** Called at each {@link JournalPoint}; throwing there interrupts that automation's migration. */
    @FunctionalInterface
    public interface JournalHook {
        JournalHook NONE = (point, automationId) -> {};

        void at(JournalPoint point, String automationId) throws Exception;
    }

    /**
     * One automation's result.
     *
     * @param result {@code updated | current | preview_stale | failed | deferred | skipped} for apply;
     *               {@code recovered | already_applied | rolled_back | already_rolled_back | nothing_to_do}
     *               for recover and rollback; {@code refused} when recover/rollback cannot proceed
     * @param reason a machine code (empty when none)
     */
    public record Result(
            String automationId,
            String result,
            String reason,
            Optional<String> goalId,
            Optional<String> agentId,
            Optional<String> oldPromptSha256,
            Optional<String> newPromptSha256,
            Optional<String> targetThreadId) {}

    private final CodexAutomationStore store;
    private final MigrationJournal journal;
    private final CodexAppProcessProbe probe;
    private final String now;

    public PromptMigrator(
            CodexAutomationStore store, MigrationJournal journal, CodexAppProcessProbe probe, String now) {
        this.store = Objects.requireNonNull(store, "store");
        this.journal = Objects.requireNonNull(journal, "journal");
        this.probe = Objects.requireNonNull(probe, "probe");
        this.now = Objects.requireNonNull(now, "now");
    }

    public boolean appRunning() {
        return probe.appRunning();
    }

    /** Why apply would defer every adoption now ({@code app_running}, {@code store_unqualified_platform}), if it would. */
    public Optional<String> deferralReason() {
        return probe.deferralReason();
    }

    /**
     * Applies every {@code adoption_required} entry of {@code plan}; other entries are listed as
     * {@code current} (already the wrapper) or {@code skipped}. When the App runs, nothing is
     * written and every adoption is {@code deferred}.
     */
    public List<Result> apply(
            PromptPlan plan, MigrationOutcome.Recorder recorder, JournalHook journalHook, MigrationHook storeHook) {
        return apply(plan, recorder, journalHook, storeHook, ROUTE_APPLY);
    }

    /** {@link #apply(PromptPlan, MigrationOutcome.Recorder, JournalHook, MigrationHook)} recording {@code route} as the CLI route. */
    public List<Result> apply(
            PromptPlan plan,
            MigrationOutcome.Recorder recorder,
            JournalHook journalHook,
            MigrationHook storeHook,
            String route) {
        Optional<String> deferAll = probe.deferralReason();
        if (deferAll.isEmpty()) {
            // a journal path that is not a regular file refuses the whole apply before any store is touched
            plan.entries().stream()
                    .filter(PlanEntry::adoptionRequired)
                    .forEach(e -> journal.requireWritable(e.automationId()));
        }
        List<Result> results = new ArrayList<>();
        for (PlanEntry e : plan.entries()) {
            if (e.status() == PlanStatus.CURRENT) {
                results.add(result(e, "current", ""));
                recorder.record(outcome("applied", e, route, "current"));
            } else if (!e.adoptionRequired()) {
                results.add(result(e, "skipped", e.status().wire()));
            } else if (deferAll.isPresent()) {
                results.add(result(e, "deferred", deferAll.get()));
                recorder.record(outcome("deferred", e, route, deferAll.get()));
            } else {
                Result r = applyOne(plan, e, journalHook, storeHook);
                results.add(r);
                switch (r.result()) {
                    case "updated" -> {
                        // ledger first, then the journal: a crash between them leaves a pending
                        // journal, and recover records the outcome
                        recorder.record(outcome("applied", e, route, "updated"));
                        journal.read(e.automationId())
                                .ifPresent(j -> journal.write(j.with(MigrationJournal.State.APPLIED, now)));
                    }
                    case "current" -> recorder.record(outcome("applied", e, route, "current"));
                    default -> recorder.record(outcome("failed", e, route, r.reason()));
                }
            }
        }
        return results;
    }

    private Result applyOne(PromptPlan plan, PlanEntry e, JournalHook journalHook, MigrationHook storeHook) {
        String id = e.automationId();
        Optional<MigrationJournal.Entry> earlier = journal.read(id);
        if (earlier.isPresent() && earlier.get().state() == MigrationJournal.State.PENDING) {
            return result(e, "failed", "recovery_required");
        }
        Either<StoreProblem, CrossStoreRead> read = store.read(id);
        if (read.isLeft()) {
            return result(e, "failed", read.getLeft().code().wire());
        }
        if (!(read.get() instanceof CrossStoreRead.Consistent c) || stale(e, c)) {
            return result(e, "preview_stale", "source_changed_since_plan");
        }
        String desired = e.desiredPrompt().orElseThrow();
        if (c.pair().prompt().equals(desired)) {
            return result(e, "current", "");
        }
        Either<StoreProblem, PromptChange> prepared = store.prepare(id, desired);
        if (prepared.isLeft()) {
            return result(e, "failed", prepared.getLeft().code().wire());
        }
        PromptChange change = prepared.get();
        MigrationJournal.Entry entry = new MigrationJournal.Entry(
                id,
                e.goalId().orElseThrow(),
                e.agentId().orElseThrow(),
                e.targetThreadId().orElse(""),
                plan.codexHome(),
                MigrationJournal.State.PENDING,
                now,
                now,
                change);
        try {
            journalHook.at(JournalPoint.BEFORE_JOURNAL, id);
            journal.write(entry);
            journalHook.at(JournalPoint.AFTER_JOURNAL, id);
        } catch (Exception ex) {
            return result(e, "failed", "interrupted");
        }
        Either<StoreProblem, PromptChange> applied;
        try {
            applied = store.apply(change, storeHook);
        } catch (RuntimeException ex) {
            return result(e, "failed", "interrupted");
        }
        if (applied.isLeft()) {
            journal.write(entry.with(MigrationJournal.State.ABANDONED, now));
            String code = applied.getLeft().code().wire();
            boolean stale = code.equals("cas_conflict") || code.equals("source_changed");
            return result(e, stale ? "preview_stale" : "failed", code);
        }
        return result(e, "updated", "");
    }

    /** The stores changed since {@code e} was planned in more than the App scheduler's own fields. */
    private static boolean stale(PlanEntry e, CrossStoreRead.Consistent c) {
        return e.stateSha256().isPresent()
                ? !e.stateSha256().get().equals(c.stateSha256())
                : !e.sourceSha256().equals(c.sourceSha256());
    }

    /** Finishes an interrupted migration from its journal (idempotent). */
    public Result recover(String automationId, MigrationOutcome.Recorder recorder, MigrationHook storeHook) {
        Optional<MigrationJournal.Entry> found = journal.read(automationId);
        if (found.isEmpty()) {
            return refused(automationId, "no_journal");
        }
        MigrationJournal.Entry j = found.get();
        switch (j.state()) {
            case ROLLED_BACK -> {
                return refused(j, "migration_rolled_back");
            }
            case ABANDONED -> {
                return result(j, "nothing_to_do", "migration_abandoned");
            }
            default -> {}
        }
        if (probe.appRunning()) {
            return refused(j, "app_running");
        }
        Either<StoreProblem, ConvergeOutcome> done =
                store.converge(j.change(), CodexAutomationStore.Target.AFTER, storeHook);
        if (done.isLeft()) {
            return refused(j, done.getLeft().code().wire());
        }
        if (j.state() == MigrationJournal.State.APPLIED && done.get().alreadyThere()) {
            return result(j, "already_applied", "");
        }
        recorder.record(
                outcome("recovered", j, ROUTE_RECOVER, done.get().alreadyThere() ? "already_committed" : "finished"));
        journal.write(j.with(MigrationJournal.State.APPLIED, now));
        return result(j, "recovered", done.get().alreadyThere() ? "already_committed" : "finished");
    }

    /** Restores the recorded previous prompt byte for byte; refuses when the stores changed since. */
    public Result rollback(String automationId, MigrationOutcome.Recorder recorder, MigrationHook storeHook) {
        Optional<MigrationJournal.Entry> found = journal.read(automationId);
        if (found.isEmpty()) {
            return refused(automationId, "no_journal");
        }
        MigrationJournal.Entry j = found.get();
        if (probe.appRunning()) {
            return refused(j, "app_running");
        }
        Either<StoreProblem, ConvergeOutcome> done =
                store.converge(j.change(), CodexAutomationStore.Target.BEFORE, storeHook);
        if (done.isLeft()) {
            return refused(j, done.getLeft().code().wire());
        }
        if (j.state() == MigrationJournal.State.ROLLED_BACK && done.get().alreadyThere()) {
            return result(j, "already_rolled_back", "");
        }
        if (j.state() == MigrationJournal.State.ABANDONED && done.get().alreadyThere()) {
            return result(j, "nothing_to_do", "migration_abandoned");
        }
        recorder.record(
                outcome("rolled_back", j, ROUTE_ROLLBACK, done.get().alreadyThere() ? "already_restored" : "restored"));
        journal.write(j.with(MigrationJournal.State.ROLLED_BACK, now));
        return result(j, "rolled_back", done.get().alreadyThere() ? "already_restored" : "restored");
    }

    public Optional<MigrationJournal.Entry> journalEntry(String automationId) {
        return journal.read(automationId);
    }

    private static MigrationOutcome outcome(String kind, PlanEntry e, String route, String reason) {
        return new MigrationOutcome(
                kind,
                e.goalId().orElseThrow(),
                e.agentId().orElseThrow(),
                e.automationId(),
                e.promptSha256().orElseThrow(),
                e.desiredSha256().orElseThrow(),
                e.targetThreadId().orElse(""),
                route,
                reason);
    }

    private static MigrationOutcome outcome(String kind, MigrationJournal.Entry j, String route, String reason) {
        return new MigrationOutcome(
                kind,
                j.goalId(),
                j.agentId(),
                j.automationId(),
                j.change().oldPromptSha256(),
                j.change().newPromptSha256(),
                j.targetThreadId(),
                route,
                reason);
    }

    private static Result result(PlanEntry e, String result, String reason) {
        return new Result(
                e.automationId(),
                result,
                reason,
                e.goalId(),
                e.agentId(),
                e.promptSha256(),
                e.desiredSha256(),
                e.targetThreadId());
    }

    private static Result result(MigrationJournal.Entry j, String result, String reason) {
        return new Result(
                j.automationId(),
                result,
                reason,
                Optional.of(j.goalId()),
                Optional.of(j.agentId()),
                Optional.of(j.change().oldPromptSha256()),
                Optional.of(j.change().newPromptSha256()),
                j.targetThreadId().isEmpty() ? Optional.empty() : Optional.of(j.targetThreadId()));
    }

    private static Result refused(MigrationJournal.Entry j, String reason) {
        return result(j, "refused", reason);
    }

    private static Result refused(String automationId, String reason) {
        return new Result(
                automationId,
                "refused",
                reason,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty());
    }
}
