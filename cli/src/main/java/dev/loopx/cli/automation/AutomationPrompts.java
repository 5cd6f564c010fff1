package dev.loopx.cli.automation;

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
        return o;
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
}
