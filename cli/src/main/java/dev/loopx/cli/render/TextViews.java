package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/**
 * The one place a CLI document becomes text for a person (SPEC §S0: text on a terminal): the
 * designed view of its {@code schema_version} — the answer first, then a compact table or list —
 * or the compact form every other document gets. With {@code --verbose} the full outline of the
 * document follows under {@code details:}. {@code demo} shows each step with these same views, so
 * what the tour prints is what the real commands print. Pure: writes only to {@code out}.
 */
public final class TextViews {
    private TextViews() {}

    public static void render(JsonNode doc, PrintWriter out, boolean verbose) {
        view(doc, out);
        if (verbose) {
            details(doc, out);
        }
    }

    /** The designed view alone (what {@code demo} shows under each step). */
    public static void view(JsonNode d, PrintWriter out) {
        switch (d.path("schema_version").asText()) {
            case "loopx_todo_list_v0" -> TodoText.list(d, out);
            case "loopx_todo_add_v0",
                    "loopx_todo_claim_v0",
                    "loopx_todo_complete_v0",
                    "loopx_todo_update_v0",
                    "loopx_todo_supersede_v0",
                    "loopx_todo_checkpoint_v0",
                    "loopx_todo_declare_empty_v0" -> TodoText.write(d, out);
            case "loopx_todo_archive_completed_v0" -> TodoText.archive(d, out);
            case "loopx_task_lease_v0" -> LeaseText.render(d, out);
            case "loopx_doctor_v0" -> OpsText.doctor(d, out);
            case "loopx_ledger_verify_v0" -> OpsText.verify(d, out);
            case "loopx_projections_rebuild_v0" -> OpsText.rebuild(d, out);
            case "loopx_ledger_export_v0" -> OpsText.export(d, out);
            case "loopx_ledger_import_v0" -> OpsText.importLedger(d, out);
            case "loopx_ledger_repair_v0" -> OpsText.repair(d, out);
            case "loopx_ledger_migrate_v0" -> OpsText.migrate(d, out);
            case "loopx_projection_dump_v0" -> OpsText.dump(d, out);
            case "loopx_operator_gate_v0" -> GoalText.operatorGate(d, out);
            case "loopx_goal_lifecycle_v0" -> GoalText.goalLifecycle(d, out);
            case "loopx_configure_goal_v0" -> GoalText.configureGoal(d, out);
            case "loopx_scheduler_ack_v0", "loopx_scheduler_fail_v0" -> GoalText.scheduler(d, out);
            case "loopx_review_packet_v0" -> GoalText.reviewPacket(d, out);
            case "loopx_version_v0" -> OpsText.version(d, out);
            case "loopx_install_v0" -> InstallText.render(d, out);
            case "loopx_connect_v0" -> GoalText.connect(d, out);
            case "loopx_register_agent_v0" -> GoalText.registerAgent(d, out);
            case "loopx_agent_thread_binding_v0" -> AgentText.binding(d, out);
            case "loopx_agent_thread_resolution_v0" -> AgentText.resolution(d, out);
            case "loopx_evidence_log_v0" -> AgentText.evidenceLog(d, out);
            case "loopx_refresh_state_v0" -> GoalText.refreshState(d, out);
            case "loopx_quota_spend_v0", "loopx_quota_void_v0" -> GoalText.spend(d, out);
            case "loopx_quota_monitor_poll_v0" -> MonitorText.poll(d, out);
            case "loopx_quota_status_v0" -> GoalText.quotaStatus(d, out);
            case "loopx_quota_plan_v0" -> GlobalText.quotaPlan(d, out);
            case "loopx_global_summary_v0" -> GlobalText.summary(d, out);
            case "loopx_global_gates_v0" -> GlobalText.gates(d, out);
            case "loopx_global_todos_v0" -> GlobalText.todos(d, out);
            case "loopx_global_risks_v0" -> GlobalText.risks(d, out);
            default -> CompactText.render(d, out);
        }
    }

    /** Every fact of the document, as an outline under {@code details:}. */
    public static void details(JsonNode doc, PrintWriter out) {
        out.println("details:");
        Outline.render(doc, out, 1);
    }
}
