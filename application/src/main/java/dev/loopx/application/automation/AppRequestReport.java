package dev.loopx.application.automation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.Invocation;
import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PrivateFiles;
import dev.loopx.host.codexapp.migration.PromptPlanner;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The private report of a deferred prompt upgrade ({@value #SCHEMA}): one complete App-side
 * {@code automation_update} request per adoption, which the Codex App (or a person in it) can run
 * as it is. Each request has the App's own argument shape — the automation's {@code id},
 * {@code kind}, the values of every field the App keeps ({@code name}, {@code status},
 * {@code rrule}, {@code notification_policy}, {@code target_thread_id}, {@code model}, as the stores
 * hold them now) and the desired {@code prompt} — and the precondition the App checks on a fresh
 * view first: the automation's current prompt digest ({@code expected_prompt_sha256}) and state
 * digest ({@code expected_state_sha256}, blind to the scheduler's own fields). The prompt holds
 * the runtime root, a local path, so the report is a private file (0600 in a 0700 folder,
 * {@code <runtime-root>/private/automation-update-requests.json}, replaced by each deferral);
 * public answers only point to it.
 */
public final class AppRequestReport {
    public static final String SCHEMA = "loopx_automation_update_requests_v0";

    private AppRequestReport() {}

    /** Where the report goes: {@code <runtime-root>/private/automation-update-requests.json}. */
    public static Path file(Invocation invocation) {
        return invocation
                .runtimeRoot()
                .toAbsolutePath()
                .normalize()
                .resolve("private")
                .resolve("automation-update-requests.json");
    }

    /**
     * Writes the requests of every adoption among {@code entries} (fresh plan entries) and
     * answers the file. {@link PrivateFiles.Refused} when the path is not a regular file.
     */
    public static Path write(Invocation invocation, String codexHome, String reason, List<PlanEntry> entries) {
        ObjectNode doc = Json.object();
        doc.put("schema_version", SCHEMA);
        doc.put("created_at", invocation.now().toString());
        doc.put("codex_home", codexHome);
        doc.put("deferral_reason", reason);
        doc.put(
                "how_to_apply",
                "for each request: read the automation fresh in the App; only when its prompt's SHA-256 equals"
                        + " precondition.expected_prompt_sha256 (and nothing else changed), call automation_update"
                        + " with arguments exactly as given; then plan that automation again (automation-prompts plan"
                        + " with its automation_id): it answers current");
        ArrayNode list = doc.putArray("requests");
        for (PlanEntry e : entries) {
            if (e.adoptionRequired()) {
                list.add(request(e));
            }
        }
        Path target = file(invocation);
        try {
            PrivateFiles.write(target, Json.mapper().writeValueAsBytes(doc), target.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("the private automation_update report could not be written", e);
        }
        return target;
    }

    /** The complete request of one adoption. */
    static ObjectNode request(PlanEntry e) {
        ObjectNode r = Json.object();
        r.put("tool", "automation_update");
        ObjectNode args = r.putObject("arguments");
        args.put("id", e.automationId());
        for (String field : PromptPlanner.APP_FIELDS) {
            String value = e.appFields().get(field);
            if (value != null) {
                args.put(field, value);
            } else if (field.equals("target_thread_id")) {
                args.putNull(field); // no thread binding: kept as none
            }
        }
        args.put("prompt", e.desiredPrompt().orElseThrow());
        ObjectNode pre = r.putObject("precondition");
        pre.put("fresh_view_required", true);
        pre.put("expected_prompt_sha256", e.promptSha256().orElse(null));
        pre.put("expected_state_sha256", e.stateSha256().orElse(null));
        r.put("prompt_sha256", e.desiredSha256().orElse(null));
        r.put("goal_id", e.goalId().orElse(null));
        r.put("agent_id", e.agentId().orElse(null));
        return r;
    }
}
