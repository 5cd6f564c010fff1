package dev.loopx.cli.quota;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.quota.QuotaStatus;

/** The quota part of an answer: {@code {spent_slots, allowed_slots, state, should_run}}. */
final class QuotaAnswer {
    private QuotaAnswer() {}

    static ObjectNode json(long spent, QuotaStatus policy, boolean goalStopped) {
        String stateWord =
                policy.compute().signum() == 0 ? "paused" : spent >= policy.allowedSlots() ? "throttled" : "active";
        ObjectNode node = Json.object();
        node.put("spent_slots", spent);
        node.put("allowed_slots", policy.allowedSlots());
        node.put("state", stateWord);
        node.put("should_run", !goalStopped && stateWord.equals("active"));
        return node;
    }
}
