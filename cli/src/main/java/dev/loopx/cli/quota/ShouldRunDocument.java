package dev.loopx.cli.quota;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.quota.AnswerShouldRun;
import dev.loopx.cli.document.FrontierDocument;
import dev.loopx.cli.document.QuotaWindowDocument;
import dev.loopx.cli.document.TodoParts;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.migration.PendingUpgradeHint;
import dev.loopx.projections.migration.PromptMigrationFold.PendingUpgrade;
import dev.loopx.projections.query.InteractionContract;
import dev.loopx.projections.query.RuntimeProfile;
import dev.loopx.projections.query.ShouldRunAnswer;
import dev.loopx.projections.todo.TodoView;
import java.util.Optional;

/**
 * The one place {@code loopx_quota_decision_v0} is rendered, from {@link AnswerShouldRun.Answer}:
 * the decision, with the pending upgrade read (SPEC §S12) in
 * {@code interaction_contract.agent_channel}, the Codex App prompt binding under
 * {@code scheduler_hint.app_automation} and its {@code codex_app} mirror, and the turn receipt.
 */
final class ShouldRunDocument {
    private ShouldRunDocument() {}

    static ObjectNode of(AnswerShouldRun.Answer answer) {
        ShouldRunAnswer d = answer.decision();
        ObjectNode doc = Json.object();
        doc.put("schema_version", "loopx_quota_decision_v0");
        doc.put("ok", true);
        doc.put("goal_id", d.goalId());
        doc.put("should_run", d.shouldRun());
        doc.put("state", d.state());
        doc.put("effective_action", d.effectiveAction().wire());
        doc.put("reason", d.reason());
        doc.put("recommended_action", d.recommendedAction());
        doc.put("normal_delivery_allowed", d.normalDeliveryAllowed());
        doc.put("claim_required_before_work", d.claimRequiredBeforeWork());
        doc.put("runtime_profile", d.runtimeProfile().map(RuntimeProfile::wire).orElse(""));
        doc.set("quota", QuotaWindowDocument.of(d.quota()));
        ObjectNode identity = doc.putObject("agent_identity");
        identity.put("agent_id", d.agentId());
        identity.put("registered", d.agentRegistered());
        if (d.selectedTodo().isEmpty()) {
            doc.putNull("selected_todo");
        } else {
            doc.set("selected_todo", TodoParts.item(d.selectedTodo().get(), d.now()));
        }
        d.selectedMonitor().ifPresent(m -> doc.set("selected_monitor", MonitorPollCommand.monitor(m)));
        ArrayNode candidates = doc.putArray("runnable_candidates");
        d.runnableCandidates().forEach(t -> candidates.add(TodoParts.item(t, d.now())));
        if (!d.missingCapabilities().isEmpty()) {
            ObjectNode blocked = doc.putObject("capability_blocked");
            blocked.put("todo_id", d.selectedTodo().map(TodoView::todoId).orElse(""));
            d.missingCapabilities().forEach(blocked.putArray("missing_capabilities")::add);
        }
        doc.set("user_todo_summary", userTodos(d.userTodos()));
        doc.set("agent_todo_summary", agentTodos(d.agentTodos()));
        ObjectNode heartbeat = doc.putObject("heartbeat_recommendation");
        heartbeat.put("recommended_mode", d.recommendedMode());
        heartbeat.put("notify", notify(d.notifyUser()));
        doc.set(
                "interaction_contract",
                contract(
                        d.interactionContract(),
                        answer.upgradeRead(),
                        answer.binding()
                                .map(dev.loopx.host.codexapp.binding.AppPromptBinding::cliBin)
                                .orElse("loopx")));
        ObjectNode liveness = doc.putObject("automation_liveness");
        liveness.put("automation_action", d.automationAction());
        liveness.put("pause_allowed", d.pauseAllowed());
        // heartbeat_identity_upgrade: the lane's heartbeat must be reinstalled with an agent identity.
        // Its first name, automation_prompt_upgrade, is kept (same content) for hosts that read it; it is
        // unrelated to the required_reads item of kind automation_prompt_upgrade (a pending prompt migration).
        ObjectNode upgrade = doc.putObject("heartbeat_identity_upgrade");
        upgrade.put("required", d.promptUpgrade().isPresent());
        d.promptUpgrade().ifPresent(u -> {
            upgrade.put("command", u.command());
            ArrayNode agents = upgrade.putArray("registered_agents");
            u.registeredAgents().forEach(agents::add);
        });
        doc.set("automation_prompt_upgrade", upgrade.deepCopy());
        doc.set("goal_frontier_projection", FrontierDocument.of(d.frontier()));
        doc.set("scheduler_hint", SchedulerHintDocument.of(d.schedulerHint(), answer.binding()));
        answer.turn().ifPresent(turn -> {
            ObjectNode receipt = doc.putObject("turn_receipt");
            receipt.put("turn_instance_id", turn.turnInstanceId());
            receipt.put("recorded_now", turn.recordedNow());
            receipt.put("spends_quota", false);
        });
        return doc;
    }

    private static String notify(boolean notifyUser) {
        return notifyUser ? "NOTIFY" : "DONT_NOTIFY";
    }

    private static ObjectNode userTodos(ShouldRunAnswer.UserTodos u) {
        ObjectNode n = Json.object();
        n.put("open_count", u.openCount());
        n.put("blocking_gate_count", u.blockingGateCount());
        ArrayNode gates = n.putArray("open_gates");
        for (TodoView t : u.openGates()) {
            gates.addObject().put("todo_id", t.todoId()).put("question", t.text());
        }
        return n;
    }

    private static ObjectNode agentTodos(ShouldRunAnswer.AgentTodos a) {
        ObjectNode n = Json.object();
        n.put("open_count", a.openCount());
        n.put("runnable_count", a.runnableCount());
        n.put("claimed_by_me_count", a.claimedByMeCount());
        n.put("claimed_by_others_count", a.claimedByOthersCount());
        n.put("monitor_open_count", a.monitorOpenCount());
        return n;
    }

    /**
     * {@code loopx_interaction_contract_v0}, with one more {@code required_reads} item for the
     * confirmed upgrade (when present) and {@code turn_envelope_budget_bytes}: the envelope budget,
     * plus the read's budget only when the read is emitted. The read grants no authority.
     */
    private static ObjectNode contract(InteractionContract c, Optional<PendingUpgrade> confirmed, String cliBin) {
        ObjectNode n = Json.object();
        n.put("schema_version", "loopx_interaction_contract_v0");
        n.put("mode", c.mode());
        ObjectNode user = n.putObject("user_channel");
        user.put("action_required", c.userActionRequired());
        user.put("notify", notify(c.notifyUser()));
        ArrayNode items = user.putArray("items");
        for (TodoView t : c.reminders()) {
            items.addObject()
                    .put("todo_id", t.todoId())
                    .put("text", t.text())
                    .put("task_class", t.taskClass())
                    .put("blocking", false);
        }
        ObjectNode agent = n.putObject("agent_channel");
        agent.put("primary_action", c.primaryAction());
        agent.put("delivery_allowed", c.deliveryAllowed());
        ArrayNode reads = agent.putArray("required_reads");
        for (InteractionContract.RequiredRead r : c.requiredReads()) {
            reads.addObject()
                    .put("kind", r.kind())
                    .put("ordering", r.ordering())
                    .put("command", r.command());
        }
        int budget = PendingUpgradeHint.ENVELOPE_BUDGET_BYTES;
        if (confirmed.isPresent()) {
            PendingUpgrade p = confirmed.get();
            ObjectNode read = reads.addObject();
            read.put("kind", PendingUpgradeHint.KIND);
            read.put("ordering", "before_work");
            read.put("prompt_budget_bytes", PendingUpgradeHint.READ_BUDGET_BYTES);
            read.put("command", cliBin + " automation-prompts plan --automation-id " + p.automationId());
            read.put("automation_id", p.automationId());
            read.put("prompt_sha256", p.oldPromptSha256());
            read.put("grants_authority", false);
            budget += PendingUpgradeHint.READ_BUDGET_BYTES;
        }
        agent.put("turn_envelope_budget_bytes", budget);
        ArrayNode next = n.putObject("cli_channel").putArray("next_cli_actions");
        c.nextCliActions().forEach(next::add);
        return n;
    }
}
