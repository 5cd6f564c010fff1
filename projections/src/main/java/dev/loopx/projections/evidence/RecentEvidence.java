package dev.loopx.projections.evidence;

import java.util.List;
import java.util.Objects;

/**
 * The newest evidence items of one lane (view {@code evidence_recent}, key {@code <goal>/<agent>};
 * the goal-wide lane, owner rewards and gate runs, has an empty agent), oldest first and at most
 * {@link EvidenceFold#KEPT}. Only references: each item's facts stay in their own row
 * ({@code quota_writeback}, {@code quota_spend}, {@code goal_reward}, {@code goal_gate}), so a later
 * spend or void shows in the writeback or spend as it is now.
 */
public record RecentEvidence(String goalId, String agentId, List<Ref> refs) {
    public RecentEvidence {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        refs = List.copyOf(refs);
    }

    /** One item: its kind ({@code writeback|spend|reward|gate}) and the seq of its event. */
    public record Ref(String kind, long seq) {
        public Ref {
            Objects.requireNonNull(kind, "kind");
        }
    }
}
