package dev.loopx.cli.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.evidence.EvidenceLog;
import dev.loopx.projections.quota.QuotaLog;
import java.nio.charset.StandardCharsets;

/**
 * One {@code evidence-log} item as JSON ({@code {seq, recorded_at, kind, …}}, its texts cut to
 * {@link #TEXT_CHARS} characters) and the size the log's byte budget counts for an item or a thin
 * line: the UTF-8 bytes of its compact JSON.
 */
final class EvidenceItemPart {
    /** The longest text of an item, in characters (code points). */
    static final int TEXT_CHARS = 240;

    private EvidenceItemPart() {}

    static ObjectNode of(EvidenceLog.Item item) {
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

    /** The UTF-8 bytes of the compact JSON of {@code node}. */
    static int bytes(JsonNode node) {
        try {
            return Json.text(node).getBytes(StandardCharsets.UTF_8).length;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
