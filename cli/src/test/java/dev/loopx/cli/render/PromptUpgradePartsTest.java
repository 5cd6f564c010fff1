package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.MigrationResult;
import dev.loopx.application.automation.PlannedAutomation;
import dev.loopx.application.automation.StoreUnavailable;
import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PlanStatus;
import dev.loopx.ledger.json.Json;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The public forms every {@code automation-prompts} answer shares (SPEC §S12): a plan entry and a
 * migration result, field for field and in order, never a prompt body.
 */
class PromptUpgradePartsTest {
    @Test
    void aPlanEntryShowsDigestsButNeverTheDesiredBody() {
        PlanEntry adoption = new PlanEntry(
                "auto-1",
                PlanStatus.ADOPTION_REQUIRED,
                List.of(),
                Optional.of("g"),
                Optional.of("builder"),
                Optional.of("managed_wrapper"),
                Optional.of(1),
                Optional.of("ab"),
                "ef",
                Optional.of("thr"),
                Optional.of("the managed wrapper under /home/me"),
                Optional.of("cd"),
                Optional.of(2));
        assertEquals(
                "{\"automation_id\":\"auto-1\",\"status\":\"adoption_required\",\"reasons\":[],\"goal_id\":\"g\","
                        + "\"agent_id\":\"builder\",\"binding_source\":\"managed_wrapper\",\"wrapper_version\":1,"
                        + "\"prompt_sha256\":\"ab\",\"source_sha256\":\"ef\",\"target_thread_id\":\"thr\","
                        + "\"desired_sha256\":\"cd\",\"desired_wrapper_version\":2}",
                PromptUpgradeParts.planned(PlannedAutomation.of(adoption)).toString());
        PlanEntry blocked = new PlanEntry(
                "auto-2",
                PlanStatus.BLOCKED,
                List.of("no_binding", "ambiguous"),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                "ef",
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty());
        assertEquals(
                "{\"automation_id\":\"auto-2\",\"status\":\"blocked\",\"reasons\":[\"no_binding\",\"ambiguous\"],"
                        + "\"goal_id\":null,\"agent_id\":null,\"binding_source\":null,\"wrapper_version\":null,"
                        + "\"prompt_sha256\":null,\"source_sha256\":\"ef\",\"target_thread_id\":null,"
                        + "\"desired_sha256\":null,\"desired_wrapper_version\":null}",
                PromptUpgradeParts.planned(PlannedAutomation.of(blocked)).toString());
    }

    @Test
    void aMigrationResultHasANullReasonWhenItHasNone() {
        ObjectNode updated = Json.object();
        PromptUpgradeParts.putResult(
                updated,
                new MigrationResult(
                        "auto-1",
                        "updated",
                        "",
                        Optional.of("g"),
                        Optional.of("builder"),
                        Optional.of("ab"),
                        Optional.of("cd"),
                        Optional.of("thr")));
        assertEquals(
                "{\"automation_id\":\"auto-1\",\"result\":\"updated\",\"reason\":null,\"goal_id\":\"g\","
                        + "\"agent_id\":\"builder\",\"prompt_sha256\":\"ab\",\"desired_sha256\":\"cd\","
                        + "\"target_thread_id\":\"thr\"}",
                updated.toString());
        ObjectNode refused = Json.object();
        PromptUpgradeParts.putResult(
                refused,
                new MigrationResult(
                        "auto-2",
                        "refused",
                        "no_journal",
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty()));
        assertEquals(
                "{\"automation_id\":\"auto-2\",\"result\":\"refused\",\"reason\":\"no_journal\",\"goal_id\":null,"
                        + "\"agent_id\":null,\"prompt_sha256\":null,\"desired_sha256\":null,\"target_thread_id\":null}",
                refused.toString());
    }

    @Test
    void aRefusalPrintsWhatTheCompactViewOfItsDocumentPrinted() {
        for (PromptUpgradeRefusalAnswer refusal : List.of(
                PromptUpgradeRefusalAnswer.store(new StoreUnavailable("database_missing", "no state_5.sqlite")),
                PromptUpgradeRefusalAnswer.store(
                        new StoreUnavailable(StoreUnavailable.UNSUPPORTED_SCHEMA, "schema 9 is not supported")),
                PromptUpgradeRefusalAnswer.offline(
                        "apply writes the Codex App stores only with --offline (App quit) and --execute",
                        "quit the Codex App, then: loopx automation-prompts apply --plan-file <plan_file> --offline --execute"))) {
            assertEquals(CompactOracle.text(refusal.json()), TextView.text(refusal));
        }
    }
}
