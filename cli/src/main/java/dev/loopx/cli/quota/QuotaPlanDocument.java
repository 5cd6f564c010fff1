package dev.loopx.cli.quota;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.quota.PlanQuota;
import dev.loopx.cli.render.QuotaWindowDocument;
import dev.loopx.cli.support.CliContext;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.QuotaPlan;
import java.time.Instant;
import java.util.List;

/** {@code loopx_quota_plan_v0} from {@link PlanQuota}'s rows: per goal its quota and each lane's should-run verdict. */
final class QuotaPlanDocument {
    private QuotaPlanDocument() {}

    static ObjectNode of(Instant now, List<QuotaPlan> rows) {
        ObjectNode doc = CliContext.document("loopx_quota_plan_v0", true);
        doc.put("now", now.toString());
        doc.put("runtime_profile", PlanQuota.PROFILE.wire());
        doc.put("goal_count", rows.size());
        ArrayNode goals = doc.putArray("goals");
        rows.forEach(r -> goals.add(row(r)));
        return doc;
    }

    private static ObjectNode row(QuotaPlan p) {
        ObjectNode n = Json.object();
        n.put("goal_id", p.goalId());
        n.put("lifecycle", p.lifecycle());
        n.put("allowed_slots", p.quota().allowedSlots());
        n.put("spent_slots", p.quota().spentSlots());
        n.put("state", p.state());
        QuotaWindowDocument.putNextEligible(n, p.quota());
        n.put("would_run", p.wouldRun());
        ArrayNode lanes = n.putArray("lanes");
        p.lanes()
                .forEach(l -> lanes.addObject()
                        .put("agent_id", l.agentId())
                        .put("should_run", l.verdict().shouldRun())
                        .put("effective_action", l.verdict().effectiveAction().wire()));
        return n;
    }
}
