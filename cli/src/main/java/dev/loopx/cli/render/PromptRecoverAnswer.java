package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.RecoverPromptUpgrade;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx automation-prompts recover|rollback}'s answer, {@code loopx_automation_prompt_upgrade_v0}
 * (SPEC §S12), from {@link RecoverPromptUpgrade.Recovered}: the route ({@code recover} or
 * {@code rollback}), the automation's result, for a refusal its {@code error_code} and what to do,
 * and the ledger receipts. {@code automationId} is the one the command was given.
 *
 * <p>Its text is the route and the result in one line, then the hint of a refusal.
 */
public record PromptRecoverAnswer(RecoverPromptUpgrade.Recovered recovered, String route, String automationId)
        implements RenderedAnswer {
    public PromptRecoverAnswer {
        Objects.requireNonNull(recovered, "recovered");
        Objects.requireNonNull(route, "route");
        Objects.requireNonNull(automationId, "automationId");
    }

    @Override
    public boolean ok() {
        return recovered.ok();
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(PromptUpgradeParts.SCHEMA, recovered.ok());
        doc.put("writes", true);
        doc.put("route", "automation-prompts " + route);
        PromptUpgradeParts.putResult(doc, recovered.result());
        if (!recovered.ok()) {
            doc.put("error_code", recovered.result().reason());
            doc.put("hint", hint().orElseThrow());
        }
        doc.set("ledger", PromptUpgradeParts.ledger(recovered.recorded()));
        return doc;
    }

    /** A refusal's next step, by its reason; none when the route succeeded. */
    private Optional<String> hint() {
        if (recovered.ok()) {
            return Optional.empty();
        }
        return Optional.of(
                switch (recovered.result().reason()) {
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

    void text(PrintWriter out) {
        out.println("automation-prompts " + route + " " + PromptUpgradeParts.resultLine(recovered.result()));
        hint().ifPresent(h -> out.println("hint: " + h));
    }
}
