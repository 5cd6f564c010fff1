package dev.loopx.projections.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.quota.QuotaStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What may keep a goal from moving, for {@code loopx global-risks}: {@code goal_stopped},
 * {@code quota_paused}, {@code quota_throttled}, {@code autonomy_blocker}, {@code acceptance_gap},
 * {@code replan_required} and {@code gate_waiting}. Each risk is {@code {goal_id, kind, detail}}.
 * Pure.
 */
public final class GoalRisks {
    private GoalRisks() {}

    public static List<ObjectNode> of(GoalState s, Instant now) {
        String g = s.goal().goalId();
        List<ObjectNode> risks = new ArrayList<>();
        if (s.goal().stopped()) {
            risks.add(risk(g, "goal_stopped", s.goal().lifecycleReason()));
        }
        QuotaStatus q = QuotaStatus.at(s.goal().quota(), s.quota(), now);
        if (q.state().equals("paused")) {
            risks.add(risk(g, "quota_paused", "quota compute is 0"));
        } else if (q.state().equals("throttled")) {
            risks.add(risk(
                    g,
                    "quota_throttled",
                    q.spentSlots() + " of " + q.allowedSlots() + " slots spent; next slot at " + q.nextEligibleAt()));
        }
        Frontier f = Frontier.of(s, "", now);
        f.autonomyBlockers()
                .forEach(id -> risks.add(risk(
                        g,
                        "autonomy_blocker",
                        id + ": " + s.todo(id).map(t -> t.text()).orElse(""))));
        f.acceptanceGaps().forEach(gap -> risks.add(risk(g, "acceptance_gap", gap)));
        if (f.replanRequired()) {
            risks.add(risk(g, "replan_required", f.deferredReady() + " deferred todo(s) ready to resume"));
        }
        GoalStatus.openGates(s, "").forEach(t -> risks.add(risk(g, "gate_waiting", t.todoId() + ": " + t.text())));
        return risks;
    }

    public static ObjectNode risk(String goalId, String kind, String detail) {
        return Json.object().put("goal_id", goalId).put("kind", kind).put("detail", detail);
    }
}
