package dev.loopx.cli.automation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.SyncInstalledPrompts;
import dev.loopx.cli.render.AutomationUpdateDocument;
import dev.loopx.cli.support.CliContext;
import java.io.PrintWriter;
import java.util.List;

/**
 * The one place the answer of {@code automation-prompts sync-installed} is assembled from
 * {@link SyncInstalledPrompts.Synced}: when a migration ran, whether the App ran and the App-side
 * requests; one row per snapshot automation (its public form and result), counts per result, the
 * next step of a preview and the ledger receipts; and its text view. The new runtime's answer is
 * read by the old runtime's {@code update apply}, so its shape is a contract between versions.
 */
final class SyncInstalledDocument {
    private SyncInstalledDocument() {}

    static ObjectNode of(SyncInstalledPrompts.Synced synced) {
        ObjectNode doc = CliContext.document(AutomationPrompts.SCHEMA, true);
        synced.migration().ifPresent(m -> {
            doc.put("app_running", m.appRunning());
            doc.put("deferral_reason", m.deferralReason().orElse(null));
            m.appSide()
                    .ifPresent(
                            requests -> doc.set("automation_update_requests", AutomationUpdateDocument.list(requests)));
            m.reportFile()
                    .ifPresent(f -> doc.set(
                            "automation_update_report",
                            AutomationPrompts.report(
                                    f, m.appSide().map(List::size).orElse(0))));
        });
        doc.put("ok", synced.ok());
        doc.put("writes", synced.execute());
        doc.put("dry_run", !synced.execute());
        ArrayNode list = doc.putArray("automations");
        ObjectNode counts = JsonNodeFactory.instance.objectNode();
        for (SyncInstalledPrompts.Row row : synced.rows()) {
            ObjectNode o = AutomationPrompts.planned(row.entry());
            o.put("result", row.result());
            if (row.migrated()) {
                o.put("reason", row.reason().isEmpty() ? null : row.reason());
            }
            list.add(o);
            counts.put(row.result(), counts.path(row.result()).asInt(0) + 1);
        }
        doc.set("counts", counts);
        List<String> review = synced.rows().stream()
                .filter(r -> r.result().equals("review_required"))
                .map(r -> r.entry().automationId())
                .toList();
        List<String> steps = new java.util.ArrayList<>();
        if (!synced.execute()) {
            steps.add("add --execute to migrate the would_update automations");
        }
        if (doc.has("automation_update_report")) {
            steps.add("the Codex App is running: apply the complete requests of automation_update_report.file"
                    + " through the App, or quit it and run this again");
        }
        if (!review.isEmpty()) {
            steps.add("custom prompts need review (" + String.join(", ", review)
                    + "): loopx automation-prompts plan --automation-id ID, then apply --plan-file <plan_file>"
                    + " --offline --execute");
        }
        if (!steps.isEmpty()) {
            doc.put("next_step", String.join("; ", steps));
        }
        doc.set("ledger", AutomationPrompts.ledger(synced.recorded()));
        return doc;
    }

    static void text(JsonNode doc, PrintWriter out) {
        out.println("automation-prompts sync-installed" + (doc.path("dry_run").asBoolean() ? " (preview)" : ""));
        for (JsonNode a : doc.path("automations")) {
            String id = a.path("automation_id").asText();
            out.println("  " + id + ": " + a.path("result").asText()
                    + (a.hasNonNull("reason") ? " [" + a.path("reason").asText() + "]" : ""));
            java.util.Optional<String> more = AutomationPrompts.nextLine(a);
            if (more.isPresent()) {
                out.println(more.get());
            } else if (a.path("result").asText().equals("review_required")) {
                out.println(
                        "    custom prompt: never rewritten on its own; review it with `loopx automation-prompts plan"
                                + " --automation-id " + id
                                + "`, then `loopx automation-prompts apply --plan-file <plan_file>"
                                + " --offline --execute` (App quit)");
            } else if (a.path("result").asText().equals("changed_since_snapshot")) {
                out.println("    changed after the snapshot: `loopx automation-prompts plan --automation-id " + id
                        + "`, review, apply");
            }
        }
        AutomationPrompts.reportLine(doc, out);
        if (doc.has("next_step")) {
            out.println("next: " + doc.path("next_step").asText());
        }
    }
}
