package dev.loopx.application.automation;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.codexapp.migration.MigrationJournal;
import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PlanStatus;
import dev.loopx.host.codexapp.migration.PrivateFiles;
import dev.loopx.host.codexapp.migration.PromptPlan;
import dev.loopx.host.codexapp.migration.PromptPlanner;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.StoreProblem;
import io.vavr.control.Either;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Use case "plan managed heartbeat prompt upgrades" (SPEC §S12): classifies the Codex App
 * automations of one Codex home against the goals registered in the runtime root. Read-only
 * towards the Codex stores and the ledger; the only file it writes is the private plan file
 * (0600), which holds the desired wrapper bodies. A store it cannot read is the {@code Left}.
 */
public final class PlanPromptUpgrades {
    private PlanPromptUpgrades() {}

    /**
     * @param automationIds the automations to plan (duplicates dropped, first occurrence kept); empty means all
     * @param codexHome the {@code --codex-home} value, {@code null} when not given
     * @param planFile where to write the plan, {@code null} for {@link PlanFiles#defaultFile}
     * @param cliBin how the host calls LoopX in wrappers adopted from custom prompts (checked by the adapter)
     */
    public record Request(List<String> automationIds, String codexHome, String planFile, String cliBin) {
        public Request {
            automationIds = List.copyOf(new LinkedHashSet<>(automationIds));
            Objects.requireNonNull(cliBin, "cliBin");
        }
    }

    /**
     * The plan as written: one entry per automation in plan order, where the Codex home came from
     * ({@code flag | environment | default}), and the private file that now holds the plan.
     */
    public record Planned(List<PlannedAutomation> automations, String codexHomeSource, Path planFile) {
        public Planned {
            automations = List.copyOf(automations);
            Objects.requireNonNull(codexHomeSource, "codexHomeSource");
            Objects.requireNonNull(planFile, "planFile");
        }
    }

    public static Either<StoreUnavailable, Planned> run(Invocation invocation, Request r) throws IOException {
        CodexHome home = AppLanes.codexHome(invocation, r.codexHome());
        Path target =
                r.planFile() == null ? PlanFiles.defaultFile(invocation) : PlanFiles.resolve(invocation, r.planFile());
        PrivateFiles.requireReplaceable(target); // before reading anything
        Either<StoreProblem, PromptPlan> planned =
                plan(invocation, home, registered(invocation), r.automationIds(), r.cliBin());
        if (planned.isLeft()) {
            return Either.left(StoreUnavailable.of(planned.getLeft()));
        }
        PlanFiles.write(target, planned.get());
        MigrationJournal journal = AppLanes.journal(invocation, home);
        List<PlannedAutomation> automations = planned.get().entries().stream()
                .map(e -> PlannedAutomation.of(e, pendingJournal(journal, e)))
                .toList();
        return Either.right(new Planned(automations, home.source().name().toLowerCase(Locale.ROOT), target));
    }

    /** Whether {@code e} (read blocked, e.g. torn by a crash) has a pending migration journal in this home. */
    static boolean pendingJournal(MigrationJournal journal, PlanEntry e) {
        return e.status() == PlanStatus.BLOCKED
                && journal.read(e.automationId())
                        .map(j -> j.state() == MigrationJournal.State.PENDING)
                        .orElse(false);
    }

    /** The goals and agents registered in the invocation's runtime root (the runtime is closed again before the stores are read). */
    public static Map<String, List<String>> registered(Invocation invocation) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            return AppLanes.registered(runtime.views());
        }
    }

    /** Plans {@code ids} (all when empty) of {@code home}, stamped with the invocation's {@code now}. Writes nothing. */
    public static Either<StoreProblem, PromptPlan> plan(
            Invocation invocation,
            CodexHome home,
            Map<String, List<String>> registered,
            List<String> ids,
            String cliBin) {
        return new PromptPlanner(new CodexAutomationStore(home), registered, AppLanes.runtimeRoot(invocation), cliBin)
                .plan(ids, invocation.now().toString());
    }
}
