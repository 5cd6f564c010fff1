package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.AutomationUpdate;
import dev.loopx.host.codexapp.binding.AppPromptBinding;
import dev.loopx.ledger.json.Json;

/**
 * {@code scheduler_hint.app_automation.prompt_binding} ({@value AppPromptBinding#SCHEMA}) of an
 * {@link AppPromptBinding}: the public, content-free form (ids, digests, codes; never a prompt
 * body or a path), with the App-side {@code automation_update} request when adoption is required.
 */
public final class PromptBindingPart {
    private PromptBindingPart() {}

    public static ObjectNode of(AppPromptBinding b) {
        ObjectNode o = Json.object();
        o.put("schema_version", AppPromptBinding.SCHEMA);
        o.put("status", b.status().wire());
        o.put("reason", b.reason().isEmpty() ? null : b.reason());
        o.put("source", b.source());
        o.put("automation_id", b.automationId().orElse(null));
        o.put("upgrade_hint_emitted", b.hinted().isPresent());
        b.entry().ifPresent(e -> {
            o.put("prompt_sha256", e.promptSha256().orElse(null));
            o.put("desired_sha256", e.desiredSha256().orElse(null));
            o.put("target_thread_id", e.targetThreadId().orElse(null));
        });
        if (b.entry().isEmpty()) {
            b.install().ifPresent(i -> {
                o.put("installed_wrapper_version", i.wrapperVersion());
                o.put("prompt_sha256", i.wrapperSha256());
            });
        }
        b.adoption().ifPresent(e -> o.set("automation_update", AutomationUpdateDocument.of(AutomationUpdate.of(e))));
        b.nextCommand().ifPresent(c -> o.put("next_command", c));
        o.put("grants_authority", false);
        return o;
    }
}
