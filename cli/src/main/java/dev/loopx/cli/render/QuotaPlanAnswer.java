package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.quota.PlanQuota;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.LaneDecisions;
import dev.loopx.projections.query.QuotaPlan;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx quota plan}'s answer, {@code loopx_quota_plan_v0}, from {@link PlanQuota}'s rows:
 * per goal its quota and each lane's should-run verdict (profile {@link PlanQuota#PROFILE}).
 *
 * <p>Its text says how many goals would run now, then one table row per lane (a goal without lanes
 * gets one row): the slots spent of those allowed and {@code run: …} or {@code wait: …} with the
 * effective action in words.
 */
public record QuotaPlanAnswer(Instant now, List<QuotaPlan> rows) implements RenderedAnswer {
    public QuotaPlanAnswer {
        Objects.requireNonNull(now, "now");
        rows = List.copyOf(rows);
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_quota_plan_v0", true);
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
        n.put("lifecycle", p.lifecycle().wire());
        n.put("allowed_slots", p.quota().allowedSlots());
        n.put("spent_slots", p.quota().spentSlots());
        n.put("state", p.state().wire());
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

    void text(PrintWriter out) {
        long running = rows.stream().filter(QuotaPlan::wouldRun).count();
        out.println(running + " of " + Words.count(rows.size(), "goal") + " would run now");
        Table t = new Table("  ", "GOAL", "SLOTS", "LANE", "ANSWER");
        for (QuotaPlan g : rows) {
            String slots = g.quota().spentSlots() + "/" + g.quota().allowedSlots();
            if (g.lanes().isEmpty()) {
                t.row(g.goalId(), slots, "-", g.wouldRun() ? "run" : "wait");
            }
            for (LaneDecisions.Lane l : g.lanes()) {
                t.row(g.goalId(), slots, l.agentId(), answer(l));
            }
        }
        if (!t.isEmpty()) {
            t.print(out);
        }
    }

    /** {@code run: normal run}, {@code wait: quota skip}: the verdict and its effective action in words. */
    private static String answer(LaneDecisions.Lane l) {
        return (l.verdict().shouldRun() ? "run: " : "wait: ")
                + l.verdict().effectiveAction().wire().replace('_', ' ');
    }
}
