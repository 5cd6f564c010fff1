package dev.loopx.cli.status;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.loopx.cli.render.EvidenceLines;
import dev.loopx.cli.support.CliContext;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.evidence.EvidenceFold;
import dev.loopx.projections.evidence.EvidenceLog;
import dev.loopx.projections.quota.QuotaLog;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code loopx_evidence_log_v0}: a lane's recent evidence items, newest first, within a byte
 * budget. Whole items are kept or left out (never cut in the middle); their text is shortened to
 * {@link #TEXT_CHARS} characters ({@link #THIN_TEXT_CHARS} in a thin line). {@code budget} says how
 * many bytes the items took and how many were left out.
 */
final class EvidenceLogDocument {
    static final int TEXT_CHARS = 240;
    static final int THIN_TEXT_CHARS = 80;

    private EvidenceLogDocument() {}

    static ObjectNode of(String goalId, String agentId, List<EvidenceLog.Item> items, int maxBytes, boolean thin) {
        ObjectNode doc = CliContext.document("loopx_evidence_log_v0", true);
        doc.put("goal_id", goalId);
        doc.put("agent_id", agentId);
        doc.put("mode", thin ? "thin" : "full");
        doc.put("order", "newest_first");
        ArrayNode out = Json.mapper().createArrayNode();
        int used = 2; // the brackets
        int kept = 0;
        for (EvidenceLog.Item item : items) {
            ObjectNode full = item(item);
            JsonNode node = thin ? TextNode.valueOf(EvidenceLines.of(full, THIN_TEXT_CHARS)) : full;
            int size = bytes(node) + (kept == 0 ? 0 : 1);
            if (used + size > maxBytes) {
                break;
            }
            out.add(node);
            used += size;
            kept++;
        }
        ObjectNode budget = doc.putObject("budget");
        budget.put("max_bytes", maxBytes);
        budget.put("used_bytes", used);
        budget.put("item_count", kept);
        budget.put("omitted_count", items.size() - kept);
        budget.put("truncated", kept < items.size());
        budget.put("kept_per_lane", EvidenceFold.KEPT);
        doc.set(thin ? "lines" : "items", out);
        return doc;
    }

    static ObjectNode item(EvidenceLog.Item item) {
        ObjectNode n = Json.object();
        n.put("seq", item.seq());
        n.put("recorded_at", item.recordedAt());
        switch (item) {
            case EvidenceLog.Item.Writeback(QuotaLog.Writeback w) -> {
                n.put("kind", "writeback");
                n.put("agent_id", w.agentId());
                n.put("delivery_outcome", w.deliveryOutcome());
                n.put("accountable", w.accountable());
                n.put("spent_seq", w.spentSeq());
                n.put("summary", EvidenceLines.cut(w.summary(), TEXT_CHARS));
            }
            case EvidenceLog.Item.Spend(QuotaLog.Spend s) -> {
                n.put("kind", "spend");
                n.put("agent_id", s.agentId());
                n.put("slots", s.slots());
                n.put("writeback_seq", s.writebackSeq());
                n.put("voided_seq", s.voidedSeq());
            }
            case EvidenceLog.Item.Reward(GoalLog.Reward r) -> {
                n.put("kind", "reward");
                n.put("actor_kind", r.actorKind());
                n.put("reward", r.reward());
                n.put("decision", r.decision());
                n.put("reason_summary", EvidenceLines.cut(r.reasonSummary(), TEXT_CHARS));
                n.put("lesson_kind", r.lessonKind());
                n.put("lesson_summary", EvidenceLines.cut(r.lessonSummary(), TEXT_CHARS));
            }
            case EvidenceLog.Item.Gate(GoalLog.Gate g) -> {
                n.put("kind", "gate");
                n.put("actor_kind", g.actorKind());
                n.put("gate", g.gate());
                n.put("decision", g.decision());
                n.put("reason_summary", EvidenceLines.cut(g.reasonSummary(), TEXT_CHARS));
            }
        }
        return n;
    }

    private static int bytes(JsonNode node) {
        try {
            return Json.mapper().writeValueAsString(node).getBytes(StandardCharsets.UTF_8).length;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
