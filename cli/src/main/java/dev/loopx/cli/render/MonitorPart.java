package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.monitor.MonitorView;

/** A monitor's watch settings and poll history, as {@code selected_monitor} and a poll's answer show them. */
public final class MonitorPart {
    private MonitorPart() {}

    public static ObjectNode of(MonitorView m) {
        ObjectNode n = Json.object();
        n.put("target_key", m.targetKey());
        n.put("configured", m.configured());
        n.put("cadence_minutes", m.cadenceMinutes());
        n.put("interval_minutes", m.intervalMinutes());
        n.put("next_due_at", m.nextDueAt());
        n.put("expires_at", m.expiresAt());
        n.put("watch_only", m.watchOnly());
        n.put("polls", m.polls());
        n.put("consecutive_no_change", m.consecutiveNoChange());
        n.put("last_polled_at", m.lastPolledAt());
        n.put("last_result_digest", m.lastResultDigest());
        n.put("last_material_change_seq", m.lastMaterialChangeSeq());
        return n;
    }
}
