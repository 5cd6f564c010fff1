package dev.loopx.projections.evidence;

import dev.loopx.projections.audit.AuditFold;
import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.quota.QuotaFold;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.view.Views;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a lane did lately and what the owner decided about the goal (the read an agent does before
 * replanning, {@code loopx evidence-log}): the lane's writebacks and spends and the goal's rewards
 * and operator gate runs, newest first, at most {@link EvidenceFold#KEPT} of each lane. Each item
 * is read as it is now (a writeback shows the spend that consumed it, a spend its void). Pure
 * over the views.
 */
public final class EvidenceLog {
    private EvidenceLog() {}

    /** One item of the log. */
    public sealed interface Item {
        long seq();

        String recordedAt();

        record Writeback(QuotaLog.Writeback row) implements Item {
            public long seq() {
                return row.seq();
            }

            public String recordedAt() {
                return row.recordedAt();
            }
        }

        record Spend(QuotaLog.Spend row) implements Item {
            public long seq() {
                return row.seq();
            }

            public String recordedAt() {
                return row.recordedAt();
            }
        }

        record Reward(GoalLog.Reward row) implements Item {
            public long seq() {
                return row.seq();
            }

            public String recordedAt() {
                return row.recordedAt();
            }
        }

        record Gate(GoalLog.Gate row) implements Item {
            public long seq() {
                return row.seq();
            }

            public String recordedAt() {
                return row.recordedAt();
            }
        }
    }

    /**
     * The lane's items and the goal's rewards and gate runs, newest first. {@code agentId} empty
     * reads the goal-wide lane whole (on a goal without agents its writebacks and spends are there).
     */
    public static List<Item> of(Views views, String goalId, String agentId) {
        Objects.requireNonNull(agentId, "agentId");
        List<RecentEvidence.Ref> refs = new ArrayList<>();
        for (RecentEvidence.Ref ref : EvidenceFold.recent(views, goalId, "").refs()) {
            // an agent's log takes only the owner's decisions from the goal lane, not agentless writebacks
            if (agentId.isEmpty()
                    || ref.kind().equals(EvidenceFold.REWARD)
                    || ref.kind().equals(EvidenceFold.GATE)) {
                refs.add(ref);
            }
        }
        if (!agentId.isEmpty()) {
            refs.addAll(EvidenceFold.recent(views, goalId, agentId).refs());
        }
        refs.sort(Comparator.comparingLong(RecentEvidence.Ref::seq).reversed());
        QuotaLog quota = QuotaFold.log(views, goalId);
        List<Item> items = new ArrayList<>(refs.size());
        for (RecentEvidence.Ref ref : refs) {
            item(views, quota, goalId, ref).ifPresent(items::add);
        }
        return items;
    }

    private static Optional<? extends Item> item(Views views, QuotaLog quota, String goalId, RecentEvidence.Ref ref) {
        return switch (ref.kind()) {
            case EvidenceFold.WRITEBACK -> quota.writebackAt(ref.seq()).map(Item.Writeback::new);
            case EvidenceFold.SPEND -> quota.spendAt(ref.seq()).map(Item.Spend::new);
            case EvidenceFold.REWARD ->
                AuditFold.rewardAt(views, goalId, ref.seq()).map(Item.Reward::new);
            case EvidenceFold.GATE -> AuditFold.gateAt(views, goalId, ref.seq()).map(Item.Gate::new);
            default ->
                throw new IllegalStateException("unknown evidence item kind " + ref.kind() + "; rebuild projections");
        };
    }
}
