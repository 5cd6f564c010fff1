package dev.loopx.cli.automation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.ApplyPromptUpgrades;
import dev.loopx.application.automation.MigrationResult;
import dev.loopx.cli.render.AutomationUpdateDocument;
import dev.loopx.cli.support.CliContext;
import java.io.PrintWriter;

/**
 * The one place the answer of {@code automation-prompts apply} is assembled from
 * {@link ApplyPromptUpgrades.Applied}: one result per automation, counts per result, whether the
 * App ran, when deferred the App-side {@code automation_update} requests, a hint when not ok, and
 * the ledger receipts; and its text view.
 */
final class PromptApplyDocument {
    private PromptApplyDocument() {}

    static ObjectNode of(ApplyPromptUpgrades.Applied applied) {
        ObjectNode doc = CliContext.document(AutomationPrompts.SCHEMA, true);
        ArrayNode list = doc.putArray("automations");
        ObjectNode counts = JsonNodeFactory.instance.objectNode();
        for (MigrationResult r : applied.results()) {
            AutomationPrompts.putResult(list.addObject(), r);
            counts.put(r.result(), counts.path(r.result()).asInt(0) + 1);
        }
        doc.put("ok", applied.ok());
        doc.put("writes", true);
        doc.put("app_running", applied.appRunning());
        doc.put("deferral_reason", applied.deferralReason().orElse(null));
        doc.set("counts", counts);
        if (applied.deferralReason().isPresent()) {
            doc.put("status", "deferred");
            doc.set("automation_update_requests", AutomationUpdateDocument.list(applied.automationUpdateRequests()));
            applied.reportFile()
                    .ifPresent(f -> doc.set(
                            "automation_update_report",
                            AutomationPrompts.report(
                                    f, applied.automationUpdateRequests().size())));
            doc.put(
                    "hint",
                    applied.deferralReason().get().equals("app_running")
                            ? "the Codex App is running: apply each complete automation_update request of the private"
                                    + " report (automation_update_report.file) through the App, or quit the App and run"
                                    + " apply again"
                            : "offline writes are not qualified on this platform: apply each complete automation_update"
                                    + " request of the private report (automation_update_report.file) through the App");
        } else if (!applied.ok()) {
            doc.put(
                    "hint",
                    "an interrupted automation can be finished with automation-prompts recover --automation-id ID"
                            + " --offline --execute, or undone with rollback; preview_stale → plan again");
        }
        doc.set("ledger", AutomationPrompts.ledger(applied.recorded()));
        return doc;
    }

    static void text(JsonNode doc, PrintWriter out) {
        out.println("automation prompt apply"
                + (doc.path("app_running").asBoolean() ? " (Codex App running: deferred)" : ""));
        for (JsonNode a : doc.path("automations")) {
            out.println("  " + a.path("automation_id").asText() + ": "
                    + a.path("result").asText()
                    + (a.hasNonNull("reason") ? " [" + a.path("reason").asText() + "]" : ""));
        }
        AutomationPrompts.reportLine(doc, out);
        if (doc.has("hint")) {
            out.println("hint: " + doc.path("hint").asText());
        }
    }
}
