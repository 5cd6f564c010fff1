package dev.loopx.projections.audit;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.ledger.event.OperationRecorded;
import dev.loopx.ledger.event.RewardRecorded;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Folds owner decisions into view {@code goal_log} (key: goal id; a {@link GoalLog} summary), one row
 * per reward / gate run into views {@code goal_reward} / {@code goal_gate} (key {@code <goal>/<seq>}),
 * and idempotency keys into view {@code operation} (key: operation id).
 */
public final class AuditFold {
    public static final String LOG_VIEW = "goal_log";
    public static final String OPERATION_VIEW = "operation";
    public static final String REWARD_VIEW = "goal_reward";
    public static final String GATE_VIEW = "goal_gate";

    private AuditFold() {}

    public static GoalLog log(Views views, String goalId) {
        return Documents.get(views, LOG_VIEW, goalId, GoalLog.class).orElse(GoalLog.empty(goalId));
    }

    public static Optional<OperationView> operation(Views views, String operationId) {
        return Documents.get(views, OPERATION_VIEW, operationId, OperationView.class);
    }

    public static void reward(Views views, Recorded r, RewardRecorded e) {
        GoalLog log = log(views, r.goalId());
        GoalLog.Reward reward = new GoalLog.Reward(r.seq(), e.reward(), e.reasonSummary(), e.decision(), e.lessonKind(),
                e.lessonSummary(), r.actor().kind().wire(), r.recordedAt());
        Documents.put(views, REWARD_VIEW, rowKey(r.goalId(), r.seq()), reward);
        Documents.put(views, LOG_VIEW, r.goalId(), new GoalLog(r.goalId(), reward, log.rewardCount() + 1, log.gateCount()));
    }

    public static void gate(Views views, Recorded r, GateDecided e) {
        GoalLog log = log(views, r.goalId());
        Documents.put(views, GATE_VIEW, rowKey(r.goalId(), r.seq()), new GoalLog.Gate(r.seq(), e.gate(), e.decision(),
                e.reasonSummary(), r.actor().kind().wire(), r.recordedAt()));
        Documents.put(views, LOG_VIEW, r.goalId(), new GoalLog(r.goalId(), log.latestReward(), log.rewardCount(),
                log.gateCount() + 1));
    }

    private static String rowKey(String goalId, long seq) {
        String digits = Long.toString(seq);
        return goalId + "/" + "0".repeat(Math.max(0, 19 - digits.length())) + digits;
    }

    /** Every event written under an operation id joins that operation's receipt. */
    public static void operationEvent(Views views, Recorded r) {
        OperationView op = operation(views, r.operationId())
                .orElse(new OperationView(r.operationId(), r.goalId(), "", "", List.of(), List.of(), List.of()));
        if (op.eventSeqs().contains(r.seq())) {
            return;
        }
        List<Long> seqs = new ArrayList<>(op.eventSeqs());
        List<String> ids = new ArrayList<>(op.eventIds());
        List<String> types = new ArrayList<>(op.eventTypes());
        seqs.add(r.seq());
        ids.add(r.eventId());
        types.add(r.type());
        Documents.put(views, OPERATION_VIEW, r.operationId(),
                new OperationView(op.operationId(), op.goalId(), op.intentSha256(), op.command(), seqs, ids, types));
    }

    public static void operationRecorded(Views views, Recorded r, OperationRecorded e) {
        OperationView op = operation(views, e.operationId())
                .orElse(new OperationView(e.operationId(), r.goalId(), "", "", List.of(), List.of(), List.of()));
        if (!op.intentSha256().isEmpty()) {
            return;
        }
        Documents.put(views, OPERATION_VIEW, e.operationId(), new OperationView(op.operationId(), op.goalId(),
                e.intentSha256(), e.command(), op.eventSeqs(), op.eventIds(), op.eventTypes()));
    }
}
