package dev.loopx.projections.query;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.quota.QuotaStatus;
import java.time.Instant;
import java.util.List;

/**
 * One goal's row of {@code loopx quota plan}: its quota (allowed, spent, state, next eligible
 * time) and, per lane, whether {@code should-run} with profile {@code generic_cli} would run now.
 * Pure.
 */
public final class QuotaPlan {
    private QuotaPlan() {}

    public static ObjectNode row(GoalState s, Instant now) {
        QuotaStatus q = QuotaStatus.at(s.goal().quota(), s.quota(), now);
        List<LaneDecisions.Lane> lanes = LaneDecisions.of(s, "", now);
        ObjectNode n = Json.object();
        n.put("goal_id", s.goal().goalId());
        n.put("lifecycle", s.goal().lifecycle());
        n.put("allowed_slots", q.allowedSlots());
        n.put("spent_slots", q.spentSlots());
        n.put("state", s.goal().stopped() ? "stopped" : q.state());
        if (q.nextEligibleAt().isEmpty()) {
            n.putNull("next_eligible_at");
        } else {
            n.put("next_eligible_at", q.nextEligibleAt());
        }
        n.put("would_run", lanes.stream().anyMatch(l -> l.verdict().shouldRun()));
        ArrayNode array = n.putArray("lanes");
        lanes.forEach(l -> array.addObject()
                .put("agent_id", l.agentId())
                .put("should_run", l.verdict().shouldRun())
                .put("effective_action", l.verdict().effectiveAction().wire()));
        return n;
    }
}
