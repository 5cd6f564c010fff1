package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.AutomationUpdate;
import dev.loopx.ledger.json.Json;
import java.util.List;

/**
 * The one form of the App-side {@code automation_update} request, wherever an answer offers it:
 * the prompt binding of {@code quota should-run}, {@code automation-prompts apply} and
 * {@code sync-installed} when deferred, and {@code update apply}'s prompt step. The prompt is named
 * by where it is in the private plan file, never carried.
 */
public final class AutomationUpdateDocument {
    /** What the App keeps of the automation when it applies the request. */
    private static final List<String> PRESERVED =
            List.of("kind", "status", "rrule", "target_thread_id", "name", "model", "notification_policy");

    private AutomationUpdateDocument() {}

    public static ObjectNode of(AutomationUpdate u) {
        ObjectNode o = Json.object();
        o.put("kind", "automation_update");
        o.put("automation_id", u.automationId());
        o.put("expected_prompt_sha256", u.expectedPromptSha256().orElse(null));
        o.put("prompt_sha256", u.promptSha256().orElse(null));
        o.put("prompt_source", "plan_file:automations[automation_id=" + u.automationId() + "].desired_prompt");
        o.put("target_thread_id", u.targetThreadId().orElse(null));
        ArrayNode keep = o.putArray("preserve");
        PRESERVED.forEach(keep::add);
        return o;
    }

    /** The requests as a JSON array, in order. */
    public static ArrayNode list(List<AutomationUpdate> requests) {
        ArrayNode list = Json.array();
        requests.forEach(u -> list.add(of(u)));
        return list;
    }
}
