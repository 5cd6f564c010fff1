package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.Frontier;
import dev.loopx.projections.query.ReplanObligation;

/** {@code goal_frontier_projection_v0} (SPEC §S7) of a {@link Frontier}, and its {@code goal_terminal_state_v0}. */
public final class FrontierDocument {
    private FrontierDocument() {}

    public static ObjectNode of(Frontier f) {
        ObjectNode n = Json.object();
        n.put("schema_version", "goal_frontier_projection_v0");
        ObjectNode progress = n.putObject("normalized_progress");
        progress.put("user_open_count", f.userOpen());
        progress.put("agent_open_count", f.agentOpen());
        progress.put("agent_advancement_open_count", f.advancementOpen());
        progress.put("agent_monitor_open_count", f.monitorOpen());
        progress.put("agent_monitor_due_count", f.monitorDue());
        ObjectNode remaining = n.putObject("remaining_advancement_frontier");
        remaining.put("current_agent_claimed_advancement_count", f.claimedByMe());
        remaining.put("unclaimed_advancement_count", f.unclaimed());
        remaining.put("other_agent_claimed_advancement_count", f.claimedByOthers());
        remaining.put("not_yet_resumable_advancement_count", f.notYetResumable());
        remaining.put("excluded_advancement_count", f.excluded());
        remaining.put("capability_blocked_advancement_count", f.capabilityBlocked());
        remaining.put("blocked_advancement_count", f.blocked());
        ObjectNode deferred = n.putObject("deferred_successors");
        deferred.put("ready_count", f.deferredReady());
        deferred.put("blocked_count", f.deferredBlocked());
        ArrayNode gaps = n.putArray("acceptance_gaps");
        f.acceptanceGaps().forEach(gaps::add);
        ArrayNode blockers = n.putArray("autonomy_blockers");
        f.autonomyBlockers().forEach(blockers::add);
        n.put("replan_required", f.replanRequired());
        ObjectNode obligation = n.putObject("autonomous_replan_obligation");
        obligation.put("schema_version", "autonomous_replan_obligation_v0");
        obligation.put("required", f.replanObligation().required());
        ArrayNode triggers = obligation.putArray("triggers");
        for (ReplanObligation.Trigger t : f.replanObligation().triggers()) {
            ObjectNode trigger = triggers.addObject().put("kind", t.kind());
            if (!t.todoId().isEmpty()) {
                trigger.put("todo_id", t.todoId());
            }
            trigger.put("completed_since_checkpoint", t.completedSinceCheckpoint());
            trigger.put("replan_after_completed_todos", t.threshold());
            if (t.kind().equals(ReplanObligation.SAME_OUTCOME)) {
                ReplanObligation.Repeat r = t.repeat();
                trigger.put("agent_id", r.agentId());
                trigger.put("same_outcome_streak", r.streak());
                trigger.put("same_outcome_replan_after", r.replanAfter());
                trigger.put("same_outcome_gate_after", r.gateAfter());
                trigger.put("delivery_outcome", r.deliveryOutcome());
                trigger.put("evidence_digest", r.digest());
            }
            if (t.kind().equals(ReplanObligation.MONITOR_STREAK)) {
                trigger.put("no_change_streak", t.noChangeStreak());
                trigger.put("no_change_streak_threshold", ReplanObligation.MONITOR_NO_CHANGE_STREAK);
            }
        }
        ObjectNode sources = n.putObject("source_completeness");
        sources.put("schema_version", "goal_terminal_source_completeness_v0");
        sources.put("user_todos", f.userSource());
        sources.put("agent_todos", f.agentSource());
        ArrayNode close = sources.putArray("close_missing_commands");
        f.closeMissingSections().forEach(step -> close.add(CommandLines.of(step)));
        if (f.terminal()) {
            n.set("terminal_state", terminalState());
        }
        return n;
    }

    /** The derived terminal state (only for a terminal frontier). */
    public static ObjectNode terminalState() {
        ObjectNode t = Json.object();
        t.put("schema_version", "goal_terminal_state_v0");
        t.put("kind", "no_followup");
        t.put("derived", true);
        t.put("source", "validated_goal_closure");
        return t;
    }
}
