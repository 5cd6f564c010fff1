package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.goal.GoalLifecycle;
import dev.loopx.projections.quota.QuotaState;
import dev.loopx.projections.quota.QuotaStatus;
import java.time.Instant;
import java.util.List;

/**
 * One goal's row of {@code loopx quota plan}: its quota (allowed, spent, state, next eligible
 * time) and, per lane, what {@code should-run} with profile {@link LaneDecisions#PROFILE} would
 * answer now. Pure.
 *
 * @param state {@code stopped}, else the quota state
 */
public record QuotaPlan(
        String goalId, GoalLifecycle lifecycle, QuotaStatus quota, QuotaState state, List<LaneDecisions.Lane> lanes) {
    public QuotaPlan {
        lanes = List.copyOf(lanes);
    }

    public static QuotaPlan row(GoalState s, Instant now) {
        QuotaStatus q = QuotaStatus.at(s.goal().quota(), s.quota(), now);
        return new QuotaPlan(
                s.goal().goalId(),
                s.goal().lifecycle(),
                q,
                q.stateOf(s.goal().stopped()),
                LaneDecisions.of(s, "", now));
    }

    /** Some lane would run now. */
    public boolean wouldRun() {
        return lanes.stream().anyMatch(l -> l.verdict().shouldRun());
    }
}
