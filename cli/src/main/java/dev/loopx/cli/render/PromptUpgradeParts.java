package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.AppRequestReport;
import dev.loopx.application.automation.MigrationResult;
import dev.loopx.application.automation.PlannedAutomation;
import dev.loopx.application.automation.RecordedMigration;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parts of {@code loopx_automation_prompt_upgrade_v0} every {@code automation-prompts} answer
 * shares: a plan entry's public form (digests, never a prompt body), a migration result, the ledger
 * receipts, the pointer to the private report of App-side requests, and their text lines. Pure.
 */
public final class PromptUpgradeParts {
    public static final String SCHEMA = "loopx_automation_prompt_upgrade_v0";

    /** What a person does in the Codex App for each {@code app_reconciliation} code (LoopX writes nothing for it). */
    static final Map<String, String> APP_ACTIONS = Map.of(
            PlannedAutomation.LEGACY_TOML_HEARTBEAT_OVER_CRON,
            "in the Codex App, open this automation: the App runs it as a cron job with no thread while its"
                    + " automation.toml still describes a heartbeat. Either keep it a cron job (save it once in the App,"
                    + " which rewrites the mirror) or re-create it as a heartbeat bound to a thread"
                    + " (loopx host codex-app install-plan gives the request); then run loopx automation-prompts plan"
                    + " again. LoopX never converts a cron job or picks a thread for it.");

    private PromptUpgradeParts() {}

    /**
     * A plan entry's public form: ids, status, reasons, binding and digests, never the desired
     * body (which holds a local path and is only in the private plan file).
     */
    public static ObjectNode planned(PlannedAutomation e) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("automation_id", e.automationId());
        o.put("status", e.status().wire());
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
            next.add(recover(e));
            next.add(rollback(e));
        }
        e.appReconciliation().ifPresent(code -> {
            o.put("app_reconciliation", code);
            o.put("app_action", APP_ACTIONS.getOrDefault(code, ""));
        });
        return o;
    }

    private static String recover(PlannedAutomation e) {
        return "loopx automation-prompts recover --automation-id " + e.automationId() + " --offline --execute";
    }

    private static String rollback(PlannedAutomation e) {
        return "loopx automation-prompts rollback --automation-id " + e.automationId() + " --offline --execute";
    }

    /** The text line of one automation's next step, when it has one beyond plan/apply. */
    static Optional<String> nextLine(PlannedAutomation e) {
        if (e.pendingJournal()) {
            return Optional.of("    migration interrupted (pending journal): finish with `" + recover(e)
                    + "` or undo with `" + rollback(e) + "`");
        }
        return e.appReconciliation()
                .map(code -> "    App-mediated reconciliation required [" + code + "]: "
                        + APP_ACTIONS.getOrDefault(code, ""));
    }

    /** Puts a migration result into {@code into}: ids, result, reason ({@code null} when none), binding and digests. */
    public static void putResult(ObjectNode into, MigrationResult m) {
        into.put("automation_id", m.automationId());
        into.put("result", m.result());
        into.put("reason", m.reason().isEmpty() ? null : m.reason());
        into.put("goal_id", m.goalId().orElse(null));
        into.put("agent_id", m.agentId().orElse(null));
        into.put("prompt_sha256", m.promptSha256().orElse(null));
        into.put("desired_sha256", m.desiredSha256().orElse(null));
        into.put("target_thread_id", m.targetThreadId().orElse(null));
    }

    /** A migration result's text: {@code auto-1: refused [no_journal]}. */
    static String resultLine(MigrationResult m) {
        return m.automationId() + ": " + m.result() + (m.reason().isEmpty() ? "" : " [" + m.reason() + "]");
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
    static ObjectNode report(Path file, int requests) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("file", file.toString());
        o.put("file_mode", "0600");
        o.put("schema_version", AppRequestReport.SCHEMA);
        o.put("requests", requests);
        o.put(
                "contents",
                "one complete automation_update per deferred automation: id, kind, name, status, rrule,"
                        + " notification_policy, target_thread_id, model, the desired prompt, and the"
                        + " expected_prompt_sha256/expected_state_sha256 precondition for a fresh view");
        return o;
    }

    /** The text line that says where the complete requests are. */
    static void reportLine(Path file, int requests, PrintWriter out) {
        out.println("complete automation_update requests (" + requests + "): " + file
                + " (private, 0600): apply each through the App after a fresh view");
    }
}
