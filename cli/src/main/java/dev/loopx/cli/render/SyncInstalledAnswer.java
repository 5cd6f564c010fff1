package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.SyncInstalledPrompts;
import dev.loopx.ledger.json.Json;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx automation-prompts sync-installed}'s answer, {@code loopx_automation_prompt_upgrade_v0}
 * (SPEC §S12), from {@link SyncInstalledPrompts.Synced}: when a migration ran, whether the App ran
 * and the App-side requests; one row per snapshot automation (its public form and result), counts
 * per result, the next step of a preview and the ledger receipts. The new runtime's answer is read
 * by the old runtime's {@code update apply}, so its shape is a contract between versions.
 *
 * <p>Its text is one line per automation with what to do for one that needs review, where the
 * complete App-side requests are, and the next step.
 */
public record SyncInstalledAnswer(SyncInstalledPrompts.Synced synced) implements RenderedAnswer {
    public SyncInstalledAnswer {
        Objects.requireNonNull(synced, "synced");
    }

    @Override
    public boolean ok() {
        return synced.ok();
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(PromptUpgradeParts.SCHEMA, true);
        synced.migration().ifPresent(m -> {
            doc.put("app_running", m.appRunning());
            doc.put("deferral_reason", m.deferralReason().orElse(null));
            m.appSide()
                    .ifPresent(
                            requests -> doc.set("automation_update_requests", AutomationUpdateDocument.list(requests)));
            m.reportFile()
                    .ifPresent(f -> doc.set("automation_update_report", PromptUpgradeParts.report(f, requests(m))));
        });
        doc.put("ok", synced.ok());
        doc.put("writes", synced.execute());
        doc.put("dry_run", !synced.execute());
        ArrayNode list = doc.putArray("automations");
        Map<String, Integer> perResult = new LinkedHashMap<>();
        for (SyncInstalledPrompts.Row row : synced.rows()) {
            ObjectNode o = PromptUpgradeParts.planned(row.entry());
            o.put("result", row.result());
            if (row.migrated()) {
                o.put("reason", row.reason().isEmpty() ? null : row.reason());
            }
            list.add(o);
            perResult.merge(row.result(), 1, Integer::sum);
        }
        ObjectNode counts = Json.object();
        perResult.forEach(counts::put);
        doc.set("counts", counts);
        nextStep().ifPresent(next -> doc.put("next_step", next));
        doc.set("ledger", PromptUpgradeParts.ledger(synced.recorded()));
        return doc;
    }

    private static int requests(SyncInstalledPrompts.Migration m) {
        return m.appSide().map(List::size).orElse(0);
    }

    /** The private report of complete App-side requests, when the migration wrote one. */
    private Optional<Path> reportFile() {
        return synced.migration().flatMap(SyncInstalledPrompts.Migration::reportFile);
    }

    private Optional<String> nextStep() {
        List<String> review = synced.rows().stream()
                .filter(r -> r.result().equals("review_required"))
                .map(r -> r.entry().automationId())
                .toList();
        List<String> steps = new ArrayList<>();
        if (!synced.execute()) {
            steps.add("add --execute to migrate the would_update automations");
        }
        if (reportFile().isPresent()) {
            steps.add("the Codex App is running: apply the complete requests of automation_update_report.file"
                    + " through the App, or quit it and run this again");
        }
        if (!review.isEmpty()) {
            steps.add("custom prompts need review (" + String.join(", ", review)
                    + "): loopx automation-prompts plan --automation-id ID, then apply --plan-file <plan_file>"
                    + " --offline --execute");
        }
        return steps.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", steps));
    }

    void text(PrintWriter out) {
        out.println("automation-prompts sync-installed" + (synced.execute() ? "" : " (preview)"));
        for (SyncInstalledPrompts.Row row : synced.rows()) {
            String id = row.entry().automationId();
            boolean reason = row.migrated() && !row.reason().isEmpty();
            out.println("  " + id + ": " + row.result() + (reason ? " [" + row.reason() + "]" : ""));
            Optional<String> more = PromptUpgradeParts.nextLine(row.entry());
            if (more.isPresent()) {
                out.println(more.get());
            } else if (row.result().equals("review_required")) {
                out.println(
                        "    custom prompt: never rewritten on its own; review it with `loopx automation-prompts plan"
                                + " --automation-id " + id
                                + "`, then `loopx automation-prompts apply --plan-file <plan_file>"
                                + " --offline --execute` (App quit)");
            } else if (row.result().equals("changed_since_snapshot")) {
                out.println("    changed after the snapshot: `loopx automation-prompts plan --automation-id " + id
                        + "`, review, apply");
            }
        }
        synced.migration()
                .ifPresent(m -> m.reportFile().ifPresent(f -> PromptUpgradeParts.reportLine(f, requests(m), out)));
        nextStep().ifPresent(next -> out.println("next: " + next));
    }
}
