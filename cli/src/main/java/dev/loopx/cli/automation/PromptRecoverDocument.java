package dev.loopx.cli.automation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.RecoverPromptUpgrade;
import dev.loopx.cli.support.CliContext;
import java.io.PrintWriter;

/**
 * The one place the answer of {@code automation-prompts recover|rollback} is assembled from
 * {@link RecoverPromptUpgrade.Recovered}: the route, the automation's result, for a refusal its
 * {@code error_code} and what to do, and the ledger receipts; and its text view.
 */
final class PromptRecoverDocument {
    private PromptRecoverDocument() {}

    /** @param route {@code recover} or {@code rollback} */
    static ObjectNode of(RecoverPromptUpgrade.Recovered recovered, String route, String automationId) {
        ObjectNode doc = CliContext.document(AutomationPrompts.SCHEMA, recovered.ok());
        doc.put("writes", true);
        doc.put("route", "automation-prompts " + route);
        AutomationPrompts.putResult(doc, recovered.result());
        if (!recovered.ok()) {
            String reason = recovered.result().reason();
            doc.put("error_code", reason);
            doc.put(
                    "hint",
                    switch (reason) {
                        case "no_journal" ->
                            "no migration of this automation was journalled under this runtime root"
                                    + " for this Codex home";
                        case "ambiguous_codex_home" ->
                            "several Codex homes have a migration journal for this automation: name one with"
                                    + " loopx automation-prompts " + route + " --automation-id " + automationId
                                    + " --codex-home DIR --offline --execute";
                        case "changed_since_migration" ->
                            "a store changed after the migration: inspect with loopx automation-prompts plan"
                                    + " --automation-id " + automationId;
                        case "app_running" -> "quit the Codex App and run this again";
                        default -> "loopx automation-prompts plan --automation-id " + automationId;
                    });
        }
        doc.set("ledger", AutomationPrompts.ledger(recovered.recorded()));
        return doc;
    }

    static void text(JsonNode doc, PrintWriter out) {
        out.println(doc.path("route").asText() + " " + doc.path("automation_id").asText() + ": "
                + doc.path("result").asText()
                + (doc.hasNonNull("reason") ? " [" + doc.path("reason").asText() + "]" : ""));
        if (doc.has("hint")) {
            out.println("hint: " + doc.path("hint").asText());
        }
    }
}
