package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.quota.ReadQuota;
import dev.loopx.projections.query.Frontier;
import dev.loopx.projections.quota.QuotaStatus;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx quota status}'s answer, {@code loopx_quota_status_v0}: one goal's lifecycle, quota
 * window and frontier counters ({@code goal_frontier_projection_v0}) from {@link ReadQuota.Answer}.
 *
 * <p>Its text: the slots spent in the window, the quota bar and the open todos.
 *
 * @param agentId the lane the claims are counted for, or {@code ""} for none
 */
public record QuotaStatusAnswer(String goalId, String agentId, ReadQuota.Answer answer) implements RenderedAnswer {
    public QuotaStatusAnswer {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(answer, "answer");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_quota_status_v0", true);
        doc.put("goal_id", goalId);
        doc.put("agent_id", agentId);
        doc.put("lifecycle", answer.lifecycle().wire());
        doc.set("quota", QuotaWindowDocument.of(answer.quota()));
        doc.set("goal_frontier_projection", FrontierDocument.of(answer.frontier()));
        return doc;
    }

    void text(PrintWriter out) {
        QuotaStatus q = answer.quota();
        Frontier f = answer.frontier();
        out.println("quota " + q.state().wire() + ": "
                + q.spentSlots() + " of "
                + q.allowedSlots() + " slots spent in the last "
                + q.windowHours()
                + " h (goal " + goalId + ", "
                + answer.lifecycle().wire() + ")");
        new Lines(out)
                .add("quota", QuotaBar.of(q))
                .add("open", Words.count(f.agentOpen(), "agent todo") + " · " + Words.count(f.userOpen(), "owner todo"))
                .print();
    }
}
