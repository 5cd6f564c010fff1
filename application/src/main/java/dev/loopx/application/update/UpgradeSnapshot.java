package dev.loopx.application.update;

import dev.loopx.application.Invocation;
import dev.loopx.application.automation.PlanFiles;
import dev.loopx.application.automation.PlanPromptUpgrades;
import dev.loopx.application.automation.StoreUnavailable;
import dev.loopx.host.codexapp.migration.PromptPlan;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.StoreProblem;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The automations as they were before an upgrade replaced anything: a plan of every automation
 * of the Codex home (the same document {@code automation-prompts plan} writes), kept privately
 * (0600) under {@code <runtime-root>/private/upgrades/}. The new runtime's
 * {@code sync-installed} compares the stores with it, so a change made after the snapshot is
 * never overwritten.
 *
 * @param status {@link #TAKEN}, {@link #NO_CODEX_STORE} (no Codex database: nothing to reconcile)
 *               or {@link #UNAVAILABLE} (the store could not be read; see {@code problem})
 * @param managed how many automations hold a managed wrapper
 */
public record UpgradeSnapshot(
        String status, Optional<Path> file, int automations, int managed, Optional<StoreUnavailable> problem) {
    public static final String TAKEN = "taken";
    public static final String NO_CODEX_STORE = "no_codex_store";
    public static final String UNAVAILABLE = "unavailable";

    public UpgradeSnapshot {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(problem, "problem");
    }

    static UpgradeSnapshot take(Invocation invocation, CodexHome home, String cliBin, String archiveSha256)
            throws IOException {
        var planned =
                PlanPromptUpgrades.plan(invocation, home, PlanPromptUpgrades.registered(invocation), List.of(), cliBin);
        if (planned.isLeft()) {
            StoreProblem p = planned.getLeft();
            return p.code() == StoreProblem.Code.DATABASE_MISSING
                    ? new UpgradeSnapshot(NO_CODEX_STORE, Optional.empty(), 0, 0, Optional.empty())
                    : new UpgradeSnapshot(UNAVAILABLE, Optional.empty(), 0, 0, Optional.of(StoreUnavailable.of(p)));
        }
        PromptPlan plan = planned.get();
        String stamp = invocation.now().toString().replace(":", "").replace(".", "");
        Path file = invocation
                .runtimeRoot()
                .toAbsolutePath()
                .normalize()
                .resolve("private")
                .resolve("upgrades")
                .resolve(stamp + "-" + archiveSha256.substring(0, 12) + "-snapshot.json");
        PlanFiles.write(file, plan);
        int managed = (int) plan.entries().stream()
                .filter(e -> e.bindingSource().orElse("").equals("managed_wrapper"))
                .count();
        return new UpgradeSnapshot(TAKEN, Optional.of(file), plan.entries().size(), managed, Optional.empty());
    }
}
