package dev.loopx.cli.automation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.MigrationResult;
import dev.loopx.application.automation.OfflineExecuteRequired;
import dev.loopx.application.automation.PlannedAutomation;
import dev.loopx.application.automation.RecordedMigration;
import dev.loopx.application.automation.StoreUnavailable;
import dev.loopx.cli.support.CliContext;
import java.util.List;
import java.util.Optional;

/** The parts of {@code loopx_automation_prompt_upgrade_v0} every {@code automation-prompts} answer shares. */
final class AutomationPrompts {
    static final String SCHEMA = "loopx_automation_prompt_upgrade_v0";

    private AutomationPrompts() {}

    /** A store problem (unsupported schema, missing database…) as a refusal document. */
    static ObjectNode storeRefusal(StoreUnavailable p) {
        ObjectNode doc = CliContext.document(SCHEMA, false);
        doc.put("writes", false);
        doc.put("error_code", p.errorCode());
        doc.put("message", p.message());
        doc.put(
                "hint",
                p.errorCode().equals(StoreUnavailable.UNSUPPORTED_SCHEMA)
                        ? "the Codex database has an unsupported schema: update the automation through the App's automation_update"
                        : "check --codex-home (or $CODEX_HOME); loopx automation-prompts plan --help");
        return doc;
    }

    /** {@link OfflineExecuteRequired} as a refusal document (nothing was written). */
    static ObjectNode offlineRefusal(String message, String hint) {
        ObjectNode doc = CliContext.document(SCHEMA, false);
        doc.put("writes", false);
        doc.put("error_code", OfflineExecuteRequired.ERROR_CODE);
        doc.put("message", message);
        doc.put("hint", hint);
        return doc;
    }

    /**
     * A plan entry's public form: ids, status, reasons, binding and digests, never the desired
     * body (which holds a local path and is only in the private plan file).
     */
    static ObjectNode planned(PlannedAutomation e) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("automation_id", e.automationId());
        o.put("status", e.status());
        ArrayNode r = o.putArray("reasons");
        e.reasons().forEach(r::add);
        o.put("goal_id", e.goalId().orElse(null));
        o.put("agent_id", e.agentId().orElse(null));
        o.put("binding_source", e.bindingSource().orElse(null));
        putVersion(o, "wrapper_version", e.wrapperVersion());
        o.put("prompt_sha256", e.promptSha256().orElse(null));
        o.put("source_sha256", e.sourceSha256());
        o.put("target_thread_id", e.targetThreadId().orElse(null));
        o.put("desired_sha256", e.desiredSha256().orElse(null));
        putVersion(o, "desired_wrapper_version", e.desiredWrapperVersion());
        if (e.pendingJournal()) {
            // torn by an interrupted migration: the journal says how to finish or undo it
            o.put("pending_journal", true);
            ArrayNode next = o.putArray("next_commands");
            next.add("loopx automation-prompts recover --automation-id " + e.automationId() + " --offline --execute");
            next.add("loopx automation-prompts rollback --automation-id " + e.automationId() + " --offline --execute");
        }
        e.appReconciliation().ifPresent(code -> {
            o.put("app_reconciliation", code);
            o.put("app_action", APP_ACTIONS.getOrDefault(code, ""));
        });
        return o;
    }

    /** What a person does in the Codex App for each {@code app_reconciliation} code (LoopX writes nothing for it). */
    static final java.util.Map<String, String> APP_ACTIONS = java.util.Map.of(
            PlannedAutomation.LEGACY_TOML_HEARTBEAT_OVER_CRON,
            "in the Codex App, open this automation: the App runs it as a cron job with no thread while its"
                    + " automation.toml still describes a heartbeat. Either keep it a cron job (save it once in the App,"
                    + " which rewrites the mirror) or re-create it as a heartbeat bound to a thread"
                    + " (loopx host codex-app install-plan gives the request); then run loopx automation-prompts plan"
                    + " again. LoopX never converts a cron job or picks a thread for it.");

    /** The text line of one automation's next step, when it has one beyond plan/apply. */
    static java.util.Optional<String> nextLine(JsonNode a) {
        if (a.path("pending_journal").asBoolean()) {
            return java.util.Optional.of("    migration interrupted (pending journal): finish with `"
                    + a.path("next_commands").path(0).asText() + "` or undo with `"
                    + a.path("next_commands").path(1).asText() + "`");
        }
        if (a.hasNonNull("app_reconciliation")) {
            return java.util.Optional.of("    App-mediated reconciliation required ["
                    + a.path("app_reconciliation").asText() + "]: "
                    + a.path("app_action").asText());
        }
        return java.util.Optional.empty();
    }

    /** Puts a migration result into {@code into}: ids, result, reason ({@code null} when none), binding and digests. */
    static void putResult(ObjectNode into, MigrationResult m) {
        into.put("automation_id", m.automationId());
        into.put("result", m.result());
        into.put("reason", m.reason().isEmpty() ? null : m.reason());
        into.put("goal_id", m.goalId().orElse(null));
        into.put("agent_id", m.agentId().orElse(null));
        into.put("prompt_sha256", m.promptSha256().orElse(null));
        into.put("desired_sha256", m.desiredSha256().orElse(null));
        into.put("target_thread_id", m.targetThreadId().orElse(null));
    }

    private static void putVersion(ObjectNode into, String field, Optional<Integer> version) {
        if (version.isPresent()) {
            into.put(field, version.get());
        } else {
            into.putNull(field);
        }
    }

    /** The {@code ledger} array: one item per {@code prompt_migration.*} write, in order. */
    static ArrayNode ledger(List<RecordedMigration> recorded) {
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        for (RecordedMigration m : recorded) {
            ObjectNode r = list.addObject();
            r.put("event_type", m.eventType());
            r.put("automation_id", m.automationId());
            r.put("goal_id", m.goalId());
            r.put("appended", m.appended());
            if (m.errorCode().isPresent()) {
                r.put("error_code", m.errorCode().get());
            } else {
                r.put("seq", m.seq());
            }
        }
        return list;
    }

    /**
     * Points to the private report of complete App-side requests ({@code automation_update_report}):
     * the file (a local path: redacted in public output), its mode and how many requests it holds.
     */
    static ObjectNode report(java.nio.file.Path file, int requests) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("file", file.toString());
        o.put("file_mode", "0600");
        o.put("schema_version", dev.loopx.application.automation.AppRequestReport.SCHEMA);
        o.put("requests", requests);
        o.put(
                "contents",
                "one complete automation_update per deferred automation: id, kind, name, status, rrule,"
                        + " notification_policy, target_thread_id, model, the desired prompt, and the"
                        + " expected_prompt_sha256/expected_state_sha256 precondition for a fresh view");
        return o;
    }

    /** The text line that says where the complete requests are. */
    static void reportLine(JsonNode doc, java.io.PrintWriter out) {
        JsonNode r = doc.path("automation_update_report");
        if (r.isObject()) {
            out.println("complete automation_update requests ("
                    + r.path("requests").asInt() + "): " + r.path("file").asText()
                    + " (private, 0600): apply each through the App after a fresh view");
        }
    }
}
