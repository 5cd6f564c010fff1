package dev.loopx.host.codexapp.binding;

import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PromptPlanner;
import dev.loopx.host.codexapp.store.BlockReason;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.CrossStoreRead;
import dev.loopx.host.codexapp.store.StoreProblem;
import dev.loopx.projections.heartbeat.HeartbeatFold.HeartbeatInstall;
import dev.loopx.projections.migration.PromptMigrationFold.PendingUpgrade;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The store half of {@link AppPromptBinding}: reads the one pending record's automation from both
 * Codex stores (read-only) and plans it as {@code automation-prompts plan} would. Kept apart so
 * that should-run loads the store adapter only when a pending record exists.
 */
public final class CodexStoreBinding {
    private CodexStoreBinding() {}

    /**
     * @param registered  every registered goal with its agents (asked only after the row was read)
     * @param runtimeRoot this runtime root, absolute and normalised
     * @param cliBin      the CLI binary for wrappers adopted from custom prompts
     */
    public static AppPromptBinding read(
            PendingUpgrade record,
            Optional<HeartbeatInstall> install,
            CodexHome home,
            Supplier<Map<String, List<String>>> registered,
            String runtimeRoot,
            String cliBin) {
        CodexAutomationStore store = new CodexAutomationStore(home);
        var read = store.read(record.automationId());
        if (read.isLeft()) {
            StoreProblem p = read.getLeft();
            return AppPromptBinding.store("unavailable", p.code().wire(), record, Optional.empty(), install, false);
        }
        if (read.get() instanceof CrossStoreRead.Blocked b
                && b.reasons().contains(BlockReason.SQLITE_ROW_MISSING)
                && b.reasons().contains(BlockReason.TOML_MISSING)) {
            return AppPromptBinding.store("absent", "automation_not_found", record, Optional.empty(), install, false);
        }
        PlanEntry e = new PromptPlanner(store, registered.get(), runtimeRoot, cliBin).entry(read.get());
        return switch (e.status()) {
            case BLOCKED ->
                e.reasons().contains("ambiguous_binding")
                        ? AppPromptBinding.store(
                                "ambiguous", "ambiguous_binding", record, Optional.of(e), install, false)
                        : AppPromptBinding.store(
                                "blocked",
                                e.reasons().isEmpty() ? "" : e.reasons().get(0),
                                record,
                                Optional.of(e),
                                install,
                                false);
            case UNMANAGED ->
                AppPromptBinding.store(
                        "unmanaged",
                        e.reasons().isEmpty() ? "" : e.reasons().get(0),
                        record,
                        Optional.of(e),
                        install,
                        false);
            case CURRENT -> AppPromptBinding.store("current", "adopted", record, Optional.of(e), install, false);
            case ADOPTION_REQUIRED ->
                changedSinceDeferral(record, e)
                        .map(why -> AppPromptBinding.store("blocked", why, record, Optional.of(e), install, false))
                        .orElseGet(() ->
                                AppPromptBinding.store("adoption_required", "", record, Optional.of(e), install, true));
        };
    }

    static Optional<String> changedSinceDeferral(PendingUpgrade record, PlanEntry e) {
        if (!e.agentId().equals(Optional.of(record.agentId())) || !e.goalId().equals(Optional.of(record.goalId()))) {
            return Optional.of("binding_changed_since_deferral");
        }
        if (!e.targetThreadId().orElse("").equals(record.targetThreadId())) {
            return Optional.of("thread_changed_since_deferral");
        }
        if (!e.promptSha256().equals(Optional.of(record.oldPromptSha256()))) {
            return Optional.of("prompt_changed_since_deferral");
        }
        return Optional.empty();
    }
}
