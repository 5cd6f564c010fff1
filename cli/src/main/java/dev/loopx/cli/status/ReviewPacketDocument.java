package dev.loopx.cli.status;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.render.EvidenceDocument;
import dev.loopx.cli.render.TodoParts;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.query.ReviewPacket;
import java.util.List;

/**
 * {@code loopx_review_packet_v0} (SPEC §S9) of a {@link ReviewPacket}: local paths redacted, then
 * fitted into {@code maxChars} by {@link CharBudget}, dropping whole items from {@link #TRIM_ORDER}.
 */
final class ReviewPacketDocument {
    /** The lists dropped first when the packet is over budget, in order. */
    static final List<String> TRIM_ORDER = List.of(
            "/since_last_reward/added_todos",
            "/since_last_reward/completed_todos",
            "/lanes",
            "/open_user_gates",
            "/next_commands");

    private ReviewPacketDocument() {}

    static ObjectNode of(ReviewPacket p, int maxChars) {
        ObjectNode safe = (ObjectNode) PathRedactor.redact(packet(p));
        return CharBudget.fit(safe, maxChars, TRIM_ORDER);
    }

    private static ObjectNode packet(ReviewPacket p) {
        ObjectNode doc = Json.object();
        doc.put("schema_version", "loopx_review_packet_v0");
        doc.put("ok", true);
        doc.put("goal_id", p.goalId());
        doc.put("agent_id", p.agentId());
        doc.put("kind", p.kind());
        doc.put("waiting_on", p.waitingOn());
        doc.put("objective", p.objective());
        doc.put("lifecycle", p.lifecycle());
        doc.put("quota_state", p.quotaState());
        ArrayNode lanes = doc.putArray("lanes");
        p.lanes()
                .forEach(l -> lanes.addObject()
                        .put("agent_id", l.agentId())
                        .put("effective_action", l.verdict().effectiveAction().wire())
                        .put("waiting_on", l.waitingOn())
                        .put("reason", l.verdict().reason()));
        doc.set("since_last_reward", since(p.sinceLastReward()));
        EvidenceDocument.put(doc, "latest_evidence", p.latestEvidence());
        ArrayNode gates = doc.putArray("open_user_gates");
        p.openUserGates().forEach(t -> gates.add(TodoParts.gate(t)));
        ArrayNode commands = doc.putArray("next_commands");
        p.nextCommands().forEach(commands::add);
        return doc;
    }

    private static ObjectNode since(ReviewPacket.SinceLastReward s) {
        ObjectNode n = Json.object();
        if (s.lastReward().isEmpty()) {
            n.putNull("last_reward");
        } else {
            GoalLog.Reward r = s.lastReward().get();
            n.putObject("last_reward")
                    .put("seq", r.seq())
                    .put("reward", r.reward())
                    .put("reason_summary", r.reasonSummary())
                    .put("recorded_at", r.recordedAt());
        }
        n.put("after_seq", s.afterSeq());
        n.put("events", s.events());
        ObjectNode byType = n.putObject("events_by_type");
        s.eventsByType().forEach(byType::put);
        ArrayNode completed = n.putArray("completed_todos");
        s.completedTodos().forEach(t -> completed.add(TodoParts.brief(t).put("evidence", t.evidence())));
        ArrayNode added = n.putArray("added_todos");
        s.addedTodos().forEach(t -> added.add(TodoParts.brief(t)));
        return n;
    }
}
