package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.quota.QuotaStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What {@code quota should-run} would answer for each lane of a goal, with profile
 * {@link #PROFILE}: one lane per registered agent, or the empty agent when none is registered
 * (or the one lane asked for). Read surfaces use it to say who the goal waits on. Pure.
 */
public final class LaneDecisions {
    /** The profile every lane is asked with. */
    public static final RuntimeProfile PROFILE = RuntimeProfile.GENERIC_CLI;

    private LaneDecisions() {}

    /** One lane's verdict and whom it waits on. */
    public record Lane(String agentId, ShouldRun.Verdict verdict) {
        public String waitingOn() {
            return WaitingOn.of(verdict);
        }
    }

    public static List<Lane> of(GoalState s, String agentId, Instant now) {
        List<String> agents =
                !agentId.isEmpty() ? List.of(agentId) : s.hasAgents() ? s.goal().agentIds() : List.of("");
        QuotaStatus q = QuotaStatus.at(s.goal().quota(), s.quota(), now);
        return agents.stream()
                .map(a -> {
                    ShouldRun.Request r =
                            new ShouldRun.Request(s.goal().goalId(), a, Optional.of(PROFILE), List.of(), "", "", now);
                    return new Lane(a, ShouldRun.decide(s, r, Frontier.of(s, a, now), q));
                })
                .toList();
    }

    /** {@code agent} if any lane has agent work, else {@code user} if any waits on the owner, else {@code nothing}. */
    public static String waitingOn(List<Lane> lanes) {
        if (lanes.stream().anyMatch(l -> l.waitingOn().equals("agent"))) {
            return "agent";
        }
        return lanes.stream().anyMatch(l -> l.waitingOn().equals("user")) ? "user" : "nothing";
    }
}
