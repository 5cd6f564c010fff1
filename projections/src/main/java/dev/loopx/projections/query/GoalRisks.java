package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.quota.QuotaState;
import dev.loopx.projections.quota.QuotaStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What may keep a goal from moving, for {@code loopx global-risks}: {@code goal_stopped},
 * {@code quota_paused}, {@code quota_throttled}, {@code autonomy_blocker}, {@code acceptance_gap},
 * {@code replan_required}, {@code gate_waiting}, {@code same_outcome_loop} ({@link SameOutcomeLoops}),
 * and each lane's {@code lane_silent}, {@code wake_storm}, {@code fired_after_stop} and {@code
 * claim_stale} ({@link LaneLiveness}), each a {@link Risk}. Pure.
 */
public final class GoalRisks {
    private GoalRisks() {}

    /**
     * One risk: the goal ({@code ""} for the project as a whole), its kind, a human-readable detail
     * and the commands that resolve it, run as printed in that project (none: no single command does).
     */
    public record Risk(String goalId, String kind, String detail, List<NextStep> fixes) {
        public Risk {
            fixes = List.copyOf(fixes);
        }

        public Risk(String goalId, String kind, String detail) {
            this(goalId, kind, detail, List.of());
        }
    }

    public static List<Risk> of(GoalState s, Instant now) {
        String g = s.goal().goalId();
        List<Risk> risks = new ArrayList<>();
        if (s.goal().stopped()) {
            risks.add(new Risk(g, "goal_stopped", s.goal().lifecycleReason()));
        }
        QuotaStatus q = QuotaStatus.at(s.goal().quota(), s.quota(), now);
        if (q.state() == QuotaState.PAUSED) {
            risks.add(new Risk(g, "quota_paused", "quota compute is 0"));
        } else if (q.state() == QuotaState.THROTTLED) {
            risks.add(new Risk(
                    g,
                    "quota_throttled",
                    q.spentSlots() + " of " + q.allowedSlots() + " slots spent; next slot at " + q.nextEligibleAt()));
        }
        Frontier f = Frontier.of(s, "", now);
        f.autonomyBlockers()
                .forEach(id -> risks.add(new Risk(
                        g,
                        "autonomy_blocker",
                        id + ": " + s.todo(id).map(t -> t.text()).orElse(""))));
        f.acceptanceGaps().forEach(gap -> risks.add(new Risk(g, "acceptance_gap", gap)));
        if (f.replanRequired()) {
            risks.add(new Risk(g, "replan_required", f.deferredReady() + " deferred todo(s) ready to resume"));
        }
        GoalStatus.openGates(s, "").forEach(t -> risks.add(new Risk(g, "gate_waiting", t.todoId() + ": " + t.text())));
        risks.addAll(SameOutcomeLoops.of(s));
        List<LaneLiveness> lanes = LaneLiveness.of(s, now);
        lanes.forEach(l -> risks.addAll(l.risks(g)));
        risks.addAll(LaneLiveness.staleClaims(s, lanes, now));
        return risks;
    }
}
