package dev.loopx.cli.update;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.automation.AutomationPrompts;
import dev.loopx.cli.support.CliContext;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.codexapp.migration.PrivateFiles;
import dev.loopx.host.codexapp.migration.PromptPlan;
import dev.loopx.host.codexapp.migration.PromptPlanner;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.StoreProblem;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The automations as they were before an upgrade replaced anything: a plan of every automation
 * of the Codex home (the same document {@code automation-prompts plan} writes), kept privately
 * (0600) under {@code <runtime-root>/private/upgrades/}. The new runtime's
 * {@code sync-installed} compares the stores with it, so a change made after the snapshot is
 * never overwritten.
 *
 * @param status {@code taken}, {@code no_codex_store} (no Codex database: nothing to reconcile)
 *               or {@code unavailable} (the store could not be read; see {@code problem})
 */
record UpgradeSnapshot(String status, Optional<Path> file, int automations, int managed, Optional<StoreProblem> problem) {
    static final String TAKEN = "taken";
    static final String NO_CODEX_STORE = "no_codex_store";
    static final String UNAVAILABLE = "unavailable";

    static UpgradeSnapshot take(CliContext context, CodexHome home, String cliBin, String archiveSha256) throws IOException {
        Map<String, List<String>> registered;
        try (LoopxRuntime runtime = context.openRuntime()) {
            registered = AutomationPrompts.registered(runtime.views());
        }
        var planned = new PromptPlanner(new CodexAutomationStore(home), registered, AutomationPrompts.runtimeRoot(context), cliBin)
                .plan(List.of(), context.now().toString());
        if (planned.isLeft()) {
            StoreProblem p = planned.getLeft();
            return p.code() == StoreProblem.Code.DATABASE_MISSING
                    ? new UpgradeSnapshot(NO_CODEX_STORE, Optional.empty(), 0, 0, Optional.empty())
                    : new UpgradeSnapshot(UNAVAILABLE, Optional.empty(), 0, 0, Optional.of(p));
        }
        PromptPlan plan = planned.get();
        String stamp = context.now().toString().replace(":", "").replace(".", "");
        Path file = context.runtimeRoot().toAbsolutePath().normalize().resolve("private").resolve("upgrades")
                .resolve(stamp + "-" + archiveSha256.substring(0, 12) + "-snapshot.json");
        PrivateFiles.write(file, Json.mapper().writeValueAsBytes(plan.toPrivateJson()));
        int managed = (int) plan.entries().stream()
                .filter(e -> e.bindingSource().orElse("").equals("managed_wrapper")).count();
        return new UpgradeSnapshot(TAKEN, Optional.of(file), plan.entries().size(), managed, Optional.empty());
    }

    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("status", status);
        o.put("automations", automations);
        o.put("managed_wrappers", managed);
        file.ifPresent(f -> {
            o.put("file", f.toString());
            o.put("file_mode", "0600");
        });
        problem.ifPresent(p -> {
            o.put("error_code", p.code().wire());
            o.put("message", p.message());
        });
        return o;
    }
}
