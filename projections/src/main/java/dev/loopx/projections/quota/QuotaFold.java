package dev.loopx.projections.quota;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.QuotaSlotVoided;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Folds writebacks and spends into view {@code quota} (key: goal id). */
public final class QuotaFold {
    public static final String VIEW = "quota";
    private static final Set<String> ACCOUNTABLE = Set.of("outcome_progress", "primary_goal_outcome");

    private QuotaFold() {}

    public static QuotaLog log(Views views, String goalId) {
        return Documents.get(views, VIEW, goalId, QuotaLog.class).orElse(QuotaLog.empty(goalId));
    }

    public static void evidence(Views views, Recorded r, EvidenceRecorded e) {
        QuotaLog log = log(views, r.goalId());
        List<QuotaLog.Writeback> writebacks = new ArrayList<>(log.writebacks());
        writebacks.add(new QuotaLog.Writeback(r.seq(), e.agentId(), e.deliveryOutcome(), e.summary(), r.recordedAt(),
                ACCOUNTABLE.contains(e.deliveryOutcome()), 0));
        put(views, new QuotaLog(log.goalId(), writebacks, log.spends()));
    }

    public static void spent(Views views, Recorded r, QuotaSlotSpent e) {
        QuotaLog log = log(views, r.goalId());
        List<QuotaLog.Spend> spends = new ArrayList<>(log.spends());
        spends.add(new QuotaLog.Spend(r.seq(), e.agentId(), e.slots(), e.writebackSeq(), r.recordedAt(), 0));
        put(views, new QuotaLog(log.goalId(), markSpent(log.writebacks(), e.writebackSeq(), r.seq()), spends));
    }

    public static void voided(Views views, Recorded r, QuotaSlotVoided e) {
        QuotaLog log = log(views, r.goalId());
        List<QuotaLog.Spend> spends = new ArrayList<>();
        long writeback = 0;
        for (QuotaLog.Spend s : log.spends()) {
            if (s.seq() == e.spentSeq() && s.voidedSeq() == 0) {
                writeback = s.writebackSeq();
                spends.add(new QuotaLog.Spend(s.seq(), s.agentId(), s.slots(), s.writebackSeq(), s.recordedAt(), r.seq()));
            } else {
                spends.add(s);
            }
        }
        put(views, new QuotaLog(log.goalId(), writeback == 0 ? log.writebacks() : markSpent(log.writebacks(), writeback, 0), spends));
    }

    private static List<QuotaLog.Writeback> markSpent(List<QuotaLog.Writeback> writebacks, long writebackSeq, long spentSeq) {
        return writebacks.stream().map(w -> w.seq() != writebackSeq ? w : new QuotaLog.Writeback(w.seq(), w.agentId(),
                w.deliveryOutcome(), w.summary(), w.recordedAt(), w.accountable(), spentSeq)).toList();
    }

    private static void put(Views views, QuotaLog log) {
        Documents.put(views, VIEW, log.goalId(), log);
    }
}
