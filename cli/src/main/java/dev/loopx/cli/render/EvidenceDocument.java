package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.quota.QuotaLog;
import java.util.Optional;

/** The newest writeback: {@code {seq, agent_id, delivery_outcome, summary, recorded_at, spent}}, or JSON null. */
public final class EvidenceDocument {
    private EvidenceDocument() {}

    public static void put(ObjectNode into, String field, Optional<QuotaLog.Writeback> writeback) {
        if (writeback.isEmpty()) {
            into.putNull(field);
            return;
        }
        QuotaLog.Writeback w = writeback.get();
        ObjectNode e = Json.object();
        e.put("seq", w.seq());
        e.put("agent_id", w.agentId());
        e.put("delivery_outcome", w.deliveryOutcome());
        e.put("summary", w.summary());
        e.put("recorded_at", w.recordedAt());
        e.put("spent", w.spentSeq() != 0);
        into.set(field, e);
    }
}
