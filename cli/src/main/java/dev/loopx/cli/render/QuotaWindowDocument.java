package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.quota.QuotaStatus;

/**
 * A goal's quota window at {@code now}: {@code {compute, window_hours, slot_minutes, allowed_slots,
 * spent_slots, state, next_eligible_at}} ({@code next_eligible_at} null unless throttled).
 */
public final class QuotaWindowDocument {
    private QuotaWindowDocument() {}

    public static ObjectNode of(QuotaStatus q) {
        ObjectNode n = Json.object();
        n.put("compute", q.compute());
        n.put("window_hours", q.windowHours());
        n.put("slot_minutes", q.slotMinutes());
        n.put("allowed_slots", q.allowedSlots());
        n.put("spent_slots", q.spentSlots());
        n.put("state", q.state().wire());
        putNextEligible(n, q);
        return n;
    }

    /** {@code next_eligible_at}: the time a throttled goal gets a slot back, else null. */
    public static void putNextEligible(ObjectNode into, QuotaStatus q) {
        if (q.nextEligibleAt().isEmpty()) {
            into.putNull("next_eligible_at");
        } else {
            into.put("next_eligible_at", q.nextEligibleAt());
        }
    }
}
