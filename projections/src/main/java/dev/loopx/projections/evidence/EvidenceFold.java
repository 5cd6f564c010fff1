package dev.loopx.projections.evidence;

import dev.loopx.ledger.Recorded;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps, per lane, references to the newest {@link #KEPT} evidence items (view
 * {@code evidence_recent}, one {@link RecentEvidence} row per lane): an agent's writebacks and
 * spends go to its lane, owner rewards and operator gate runs (which concern the whole goal) to the
 * goal-wide lane (empty agent). So "what did I do lately" ({@code loopx evidence-log}) reads two
 * rows plus one row per item shown, however long the goal's history; each event touches one row of
 * bounded size. Pure function of the views and the event.
 */
public final class EvidenceFold {
    public static final String VIEW = "evidence_recent";
    /** Items kept per lane: more than any byte budget of {@code evidence-log} shows. */
    public static final int KEPT = 48;

    public static final String WRITEBACK = "writeback";
    public static final String SPEND = "spend";
    public static final String REWARD = "reward";
    public static final String GATE = "gate";

    private EvidenceFold() {}

    /** The lane's recent items, oldest first (empty when it has none). */
    public static RecentEvidence recent(Views views, String goalId, String agentId) {
        return Documents.get(views, VIEW, key(goalId, agentId), RecentEvidence.class)
                .orElse(new RecentEvidence(goalId, agentId, List.of()));
    }

    /** A writeback ({@code evidence.recorded}) or spend ({@code quota.slot_spent}) of {@code agentId}. */
    public static void agentItem(Views views, Recorded r, String agentId, String kind) {
        add(views, r, agentId, kind);
    }

    /** A reward or gate run: goal-wide. */
    public static void goalItem(Views views, Recorded r, String kind) {
        add(views, r, "", kind);
    }

    private static void add(Views views, Recorded r, String agentId, String kind) {
        RecentEvidence lane = recent(views, r.goalId(), agentId);
        List<RecentEvidence.Ref> refs = new ArrayList<>(Math.min(lane.refs().size() + 1, KEPT));
        int from = Math.max(0, lane.refs().size() + 1 - KEPT);
        refs.addAll(lane.refs().subList(from, lane.refs().size()));
        refs.add(new RecentEvidence.Ref(kind, r.seq()));
        Documents.put(views, VIEW, key(r.goalId(), agentId), new RecentEvidence(r.goalId(), agentId, refs));
    }

    static String key(String goalId, String agentId) {
        return goalId + "/" + agentId;
    }
}
