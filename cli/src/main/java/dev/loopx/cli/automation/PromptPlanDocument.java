package dev.loopx.cli.automation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.PlanPromptUpgrades;
import dev.loopx.application.automation.PlannedAutomation;
import dev.loopx.cli.support.CliContext;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place the answer of {@code automation-prompts plan} is assembled from
 * {@link PlanPromptUpgrades.Planned}: per automation its public form (digests only: the desired
 * bodies are only in the private plan file), counts per status and the next step; and its text view.
 */
final class PromptPlanDocument {
    private PromptPlanDocument() {}

    static ObjectNode of(PlanPromptUpgrades.Planned planned) {
        ObjectNode doc = CliContext.document(AutomationPrompts.SCHEMA, true);
        doc.put("writes", false);
        doc.put("codex_home_source", planned.codexHomeSource());
        doc.put("plan_file", planned.planFile().toString());
        doc.put("plan_file_mode", "0600");
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String s : PlannedAutomation.STATUSES) {
            counts.put(s, 0);
        }
        ArrayNode list = doc.putArray("automations");
        for (PlannedAutomation e : planned.automations()) {
            counts.merge(e.status(), 1, Integer::sum);
            list.add(AutomationPrompts.planned(e));
        }
        ObjectNode c = doc.putObject("counts");
        counts.forEach(c::put);
        doc.put("private_note", "desired wrapper bodies hold a local path: they are only in the private plan file");
        List<String> torn = planned.automations().stream()
                .filter(PlannedAutomation::pendingJournal)
                .map(PlannedAutomation::automationId)
                .toList();
        List<String> appSide = planned.automations().stream()
                .filter(e -> e.appReconciliation().isPresent())
                .map(PlannedAutomation::automationId)
                .toList();
        String next = counts.get(PlannedAutomation.ADOPTION_REQUIRED) > 0
                ? "review, then: loopx automation-prompts apply --plan-file <plan_file> --offline --execute (quit the Codex App first)"
                : "nothing to apply";
        if (!torn.isEmpty()) {
            next += "; interrupted migrations (" + String.join(", ", torn)
                    + "): loopx automation-prompts recover|rollback --automation-id ID --offline --execute";
        }
        if (!appSide.isEmpty()) {
            next += "; App-mediated reconciliation required (" + String.join(", ", appSide)
                    + "): see automations[].app_action, nothing for LoopX to apply";
        }
        doc.put("next_step", next);
        return doc;
    }

    static void text(JsonNode doc, PrintWriter out) {
        out.println(
                "automation prompt plan (" + doc.path("codex_home_source").asText() + " Codex home) · writes nothing");
        for (JsonNode a : doc.path("automations")) {
            StringBuilder line = new StringBuilder("  "
                    + a.path("automation_id").asText() + ": " + a.path("status").asText());
            if (a.hasNonNull("goal_id")) {
                line.append(" → ")
                        .append(a.path("goal_id").asText())
                        .append('/')
                        .append(a.path("agent_id").asText());
            }
            if (!a.path("reasons").isEmpty()) {
                line.append(" [").append(String.join(", ", reasons(a))).append(']');
            }
            out.println(line);
            AutomationPrompts.nextLine(a).ifPresent(out::println);
        }
        out.println("plan file (private, 0600): " + doc.path("plan_file").asText());
        out.println("next: " + doc.path("next_step").asText());
    }

    private static List<String> reasons(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.path("reasons").forEach(r -> out.add(r.asText()));
        return out;
    }
}
