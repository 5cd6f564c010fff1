package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.ApplyPromptUpgrades;
import dev.loopx.application.automation.MigrationResult;
import dev.loopx.ledger.json.Json;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx automation-prompts apply}'s answer, {@code loopx_automation_prompt_upgrade_v0} (SPEC
 * §S12), from {@link ApplyPromptUpgrades.Applied}: one result per automation, counts per result,
 * whether the App ran, when deferred the App-side {@code automation_update} requests and the
 * private report that holds them complete, a hint when not ok, and the ledger receipts.
 *
 * <p>Its text is one line per automation, where the complete requests are, and the hint.
 */
public record PromptApplyAnswer(ApplyPromptUpgrades.Applied applied) implements RenderedAnswer {
    public PromptApplyAnswer {
        Objects.requireNonNull(applied, "applied");
    }

    @Override
    public boolean ok() {
        return applied.ok();
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(PromptUpgradeParts.SCHEMA, true);
        ArrayNode list = doc.putArray("automations");
        Map<String, Integer> perResult = new LinkedHashMap<>();
        for (MigrationResult r : applied.results()) {
            PromptUpgradeParts.putResult(list.addObject(), r);
            perResult.merge(r.result(), 1, Integer::sum);
        }
        ObjectNode counts = Json.object();
        perResult.forEach(counts::put);
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
                            PromptUpgradeParts.report(
                                    f, applied.automationUpdateRequests().size())));
        }
        hint().ifPresent(h -> doc.put("hint", h));
        doc.set("ledger", PromptUpgradeParts.ledger(applied.recorded()));
        return doc;
    }

    /** What to do next: when deferred, apply through the App; when not ok, recover or roll back. */
    private Optional<String> hint() {
        if (applied.deferralReason().isPresent()) {
            return Optional.of(
                    applied.deferralReason().get().equals("app_running")
                            ? "the Codex App is running: apply each complete automation_update request of the private"
                                    + " report (automation_update_report.file) through the App, or quit the App and run"
                                    + " apply again"
                            : "offline writes are not qualified on this platform: apply each complete automation_update"
                                    + " request of the private report (automation_update_report.file) through the App");
        }
        if (!applied.ok()) {
            return Optional.of(
                    "an interrupted automation can be finished with automation-prompts recover --automation-id ID"
                            + " --offline --execute, or undone with rollback; preview_stale → plan again");
        }
        return Optional.empty();
    }

    void text(PrintWriter out) {
        out.println("automation prompt apply" + (applied.appRunning() ? " (Codex App running: deferred)" : ""));
        for (MigrationResult r : applied.results()) {
            out.println("  " + PromptUpgradeParts.resultLine(r));
        }
        if (applied.deferralReason().isPresent()) {
            applied.reportFile()
                    .ifPresent(f -> PromptUpgradeParts.reportLine(
                            f, applied.automationUpdateRequests().size(), out));
        }
        hint().ifPresent(h -> out.println("hint: " + h));
    }
}
