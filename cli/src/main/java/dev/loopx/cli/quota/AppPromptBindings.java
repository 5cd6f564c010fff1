package dev.loopx.cli.quota;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.automation.AutomationPrompts;
import dev.loopx.cli.support.CliContext;
import dev.loopx.host.codexapp.binding.AppPromptBinding;
import dev.loopx.host.codexapp.binding.CodexStoreBinding;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.heartbeat.WrapperVersion;
import dev.loopx.projections.heartbeat.HeartbeatFold;
import dev.loopx.projections.migration.PendingUpgradeHint;
import dev.loopx.projections.migration.PromptMigrationFold;
import dev.loopx.projections.query.SchedulerHint;
import dev.loopx.projections.view.Views;
import java.util.List;
import java.util.Optional;

/**
 * should-run's Codex App prompt binding: resolves {@link AppPromptBinding} for one lane (opening
 * the Codex store only when exactly one pending upgrade names the lane) and places it at
 * {@code scheduler_hint.app_automation.prompt_binding} and its {@code codex_app} mirror. Only
 * {@code codex_app_heartbeat} answers carry it.
 */
final class AppPromptBindings {
    private AppPromptBindings() {}

    static AppPromptBinding resolve(CliContext context, Views views, String goalId, String agentId, String codexHomeFlag) {
        var lane = PendingUpgradeHint.forLane(PromptMigrationFold.all(views, goalId), agentId, "codex_app_heartbeat");
        Optional<HeartbeatFold.HeartbeatInstall> install = agentId.isEmpty() ? Optional.empty()
                : HeartbeatFold.last(views, goalId, agentId, SchedulerHint.APP_SURFACE);
        CodexHome home = AutomationPrompts.codexHome(context, codexHomeFlag);
        return AppPromptBinding.resolve(lane, install, WrapperVersion.current().number(), home,
                record -> CodexStoreBinding.read(record, install, home, () -> AutomationPrompts.registered(views),
                        AutomationPrompts.runtimeRoot(context), "loopx"));
    }

    static void addTo(ObjectNode answer, AppPromptBinding binding) {
        JsonNode hint = answer.path("scheduler_hint");
        ObjectNode json = binding.toJson();
        for (String mirror : List.of("app_automation", "codex_app")) {
            if (hint.path(mirror) instanceof ObjectNode o) {
                o.set("prompt_binding", json.deepCopy());
            }
        }
    }
}
