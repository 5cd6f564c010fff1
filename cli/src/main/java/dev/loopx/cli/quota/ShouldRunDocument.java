package dev.loopx.cli.quota;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.quota.AnswerShouldRun;
import dev.loopx.host.codexapp.binding.AppPromptBinding;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.migration.PendingUpgradeHint;
import dev.loopx.projections.migration.PromptMigrationFold.PendingUpgrade;
import java.util.List;
import java.util.Optional;

/**
 * The one place {@code loopx_quota_decision_v0} is assembled from {@link AnswerShouldRun.Answer}:
 * the decision, then the pending upgrade read (SPEC §S12) in
 * {@code interaction_contract.agent_channel}, the Codex App prompt binding under
 * {@code scheduler_hint.app_automation} and its {@code codex_app} mirror, and the turn receipt.
 */
final class ShouldRunDocument {
    private ShouldRunDocument() {}

    static ObjectNode of(AnswerShouldRun.Answer answer) {
        ObjectNode doc = answer.decision().deepCopy();
        addUpgradeRead(doc, answer.upgradeRead());
        answer.binding().ifPresent(binding -> addBinding(doc, binding));
        answer.turn().ifPresent(turn -> {
            ObjectNode receipt = Json.object();
            receipt.put("turn_instance_id", turn.turnInstanceId());
            receipt.put("recorded_now", turn.recordedNow());
            receipt.put("spends_quota", false);
            doc.set("turn_receipt", receipt);
        });
        return doc;
    }

    /**
     * One {@code required_reads} item for the confirmed upgrade (when present) and
     * {@code turn_envelope_budget_bytes}: the envelope budget, plus the read's budget only when the
     * read is emitted. The read grants no authority.
     */
    private static void addUpgradeRead(ObjectNode doc, Optional<PendingUpgrade> confirmed) {
        ObjectNode agent = (ObjectNode) doc.path("interaction_contract").path("agent_channel");
        if (agent.isMissingNode()) {
            return;
        }
        int budget = PendingUpgradeHint.ENVELOPE_BUDGET_BYTES;
        if (confirmed.isPresent()) {
            PendingUpgrade p = confirmed.get();
            ObjectNode read = ((ArrayNode) agent.get("required_reads")).addObject();
            read.put("kind", PendingUpgradeHint.KIND);
            read.put("ordering", "before_work");
            read.put("prompt_budget_bytes", PendingUpgradeHint.READ_BUDGET_BYTES);
            read.put("command", "loopx automation-prompts plan --automation-id " + p.automationId());
            read.put("automation_id", p.automationId());
            read.put("prompt_sha256", p.oldPromptSha256());
            read.put("grants_authority", false);
            budget += PendingUpgradeHint.READ_BUDGET_BYTES;
        }
        agent.put("turn_envelope_budget_bytes", budget);
    }

    private static void addBinding(ObjectNode doc, AppPromptBinding binding) {
        JsonNode hint = doc.path("scheduler_hint");
        ObjectNode json = binding.toJson();
        for (String mirror : List.of("app_automation", "codex_app")) {
            if (hint.path(mirror) instanceof ObjectNode o) {
                o.set("prompt_binding", json.deepCopy());
            }
        }
    }
}
