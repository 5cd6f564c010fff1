package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.PlanPromptUpgrades;
import dev.loopx.application.automation.PlannedAutomation;
import dev.loopx.host.codexapp.migration.PlanStatus;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code loopx automation-prompts plan}'s answer, {@code loopx_automation_prompt_upgrade_v0} (SPEC
 * §S12), from {@link PlanPromptUpgrades.Planned}: per automation its public form (digests only: the
 * desired bodies are only in the private plan file), counts per status and the next step. Writes
 * nothing but the private plan file.
 *
 * <p>Its text is one line per automation (status, lane, reasons, and what to do when a migration
 * was torn or the App must reconcile it), the plan file and the next step.
 */
public record PromptPlanAnswer(PlanPromptUpgrades.Planned planned) implements RenderedAnswer {
    public PromptPlanAnswer {
        Objects.requireNonNull(planned, "planned");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(PromptUpgradeParts.SCHEMA, true);
        doc.put("writes", false);
        doc.put("codex_home_source", planned.codexHomeSource());
        doc.put("plan_file", planned.planFile().toString());
        doc.put("plan_file_mode", "0600");
        ArrayNode list = doc.putArray("automations");
        for (PlannedAutomation e : planned.automations()) {
            list.add(PromptUpgradeParts.planned(e));
        }
        ObjectNode c = doc.putObject("counts");
        counts().forEach((s, n) -> c.put(s.wire(), n));
        doc.put("private_note", "desired wrapper bodies hold a local path: they are only in the private plan file");
        doc.put("next_step", nextStep());
        return doc;
    }

    /** Every status, then how many automations have it. */
    private Map<PlanStatus, Integer> counts() {
        Map<PlanStatus, Integer> counts = new LinkedHashMap<>();
        for (PlanStatus s : PlannedAutomation.STATUSES) {
            counts.put(s, 0);
        }
        for (PlannedAutomation e : planned.automations()) {
            counts.merge(e.status(), 1, Integer::sum);
        }
        return counts;
    }

    private String nextStep() {
        List<String> torn = planned.automations().stream()
                .filter(PlannedAutomation::pendingJournal)
                .map(PlannedAutomation::automationId)
                .toList();
        List<String> appSide = planned.automations().stream()
                .filter(e -> e.appReconciliation().isPresent())
                .map(PlannedAutomation::automationId)
                .toList();
        String next = counts().get(PlanStatus.ADOPTION_REQUIRED) > 0
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
        return next;
    }

    void text(PrintWriter out) {
        out.println("automation prompt plan (" + planned.codexHomeSource() + " Codex home) · writes nothing");
        for (PlannedAutomation e : planned.automations()) {
            StringBuilder line = new StringBuilder(
                    "  " + e.automationId() + ": " + e.status().wire());
            e.goalId()
                    .ifPresent(goal -> line.append(" → ")
                            .append(goal)
                            .append('/')
                            // an automation with a goal and no agent printed its JSON null as "null"; kept
                            .append(e.agentId().orElse("null")));
            if (!e.reasons().isEmpty()) {
                line.append(" [").append(String.join(", ", e.reasons())).append(']');
            }
            out.println(line);
            PromptUpgradeParts.nextLine(e).ifPresent(out::println);
        }
        out.println("plan file (private, 0600): " + planned.planFile());
        out.println("next: " + nextStep());
    }
}
