package dev.loopx.projections.audit;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.ledger.event.OperationRecorded;
import dev.loopx.ledger.event.RewardRecorded;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.OperationIndex;
import dev.loopx.projections.view.Views;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Folds owner decisions into view {@code goal_log} (key: goal id; a {@link GoalLog} summary), one row
 * per reward / gate run into views {@code goal_reward} / {@code goal_gate} (key {@code <goal>/<seq>}),
 * and the seqs of events written under an operation id into the idempotency index ({@link OperationIndex}).
 */
public final class AuditFold {
    public static final String LOG_VIEW = "goal_log";
    public static final String REWARD_VIEW = "goal_reward";
    public static final String GATE_VIEW = "goal_gate";

    private AuditFold() {}

    public static GoalLog log(Views views, String goalId) {
        return Documents.get(views, LOG_VIEW, goalId, GoalLog.class).orElse(GoalLog.empty(goalId));
    }

    /** The reward recorded at {@code seq} in the goal, if any. */
    public static Optional<GoalLog.Reward> rewardAt(Views views, String goalId, long seq) {
        return Documents.get(views, REWARD_VIEW, rowKey(goalId, seq), GoalLog.Reward.class);
    }

    /** The operator gate run recorded at {@code seq} in the goal, if any. */
    public static Optional<GoalLog.Gate> gateAt(Views views, String goalId, long seq) {
        return Documents.get(views, GATE_VIEW, rowKey(goalId, seq), GoalLog.Gate.class);
    }

    /**
     * What one operation id wrote, read back from the ledger through the idempotency index
     * ({@link OperationIndex}): the events that carry it, in seq order, and the intent of its first
     * {@code operation.recorded} (empty when there is none: then no repeat matches it). Empty when
     * no event carries the id. {@code eventsAt} reads the events at the given seqs (ascending,
     * distinct) from the ledger.
     */
    public static Optional<OperationView> operation(
            Views views, String operationId, Function<List<Long>, List<Decoded>> eventsAt) {
        List<Long> candidates = views.operationEventSeqs(operationId).stream()
                .distinct()
                .sorted()
                .toList();
        if (candidates.isEmpty()) {
            return Optional.empty();
        }
        String goalId = null;
        String intent = "";
        String command = "";
        List<Long> seqs = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (Decoded d : eventsAt.apply(candidates)) {
            Recorded r = d.envelope();
            boolean carries = r.operationId().equals(operationId);
            boolean records =
                    d.event() instanceof OperationRecorded e && e.operationId().equals(operationId);
            if (!carries && !records) {
                continue; // another id with the same hash
            }
            if (goalId == null) {
                goalId = r.goalId();
            }
            if (carries) {
                seqs.add(r.seq());
                ids.add(r.eventId());
                types.add(r.type());
            }
            if (records && intent.isEmpty()) {
                OperationRecorded e = (OperationRecorded) d.event();
                intent = e.intentSha256();
                command = e.command();
            }
        }
        return goalId == null
                ? Optional.empty()
                : Optional.of(new OperationView(operationId, goalId, intent, command, seqs, ids, types));
    }

    public static void reward(Views views, Recorded r, RewardRecorded e) {
        GoalLog log = log(views, r.goalId());
        GoalLog.Reward reward = new GoalLog.Reward(
                r.seq(),
                e.reward(),
                e.reasonSummary(),
                e.decision(),
                e.lessonKind(),
                e.lessonSummary(),
                r.actor().kind().wire(),
                r.recordedAt());
        Documents.put(views, REWARD_VIEW, rowKey(r.goalId(), r.seq()), reward);
        Documents.put(
                views, LOG_VIEW, r.goalId(), new GoalLog(r.goalId(), reward, log.rewardCount() + 1, log.gateCount()));
    }

    public static void gate(Views views, Recorded r, GateDecided e) {
        GoalLog log = log(views, r.goalId());
        Documents.put(
                views,
                GATE_VIEW,
                rowKey(r.goalId(), r.seq()),
                new GoalLog.Gate(
                        r.seq(),
                        e.gate(),
                        e.decision(),
                        e.reasonSummary(),
                        r.actor().kind().wire(),
                        r.recordedAt()));
        Documents.put(
                views,
                LOG_VIEW,
                r.goalId(),
                new GoalLog(r.goalId(), log.latestReward(), log.rewardCount(), log.gateCount() + 1));
    }

    private static String rowKey(String goalId, long seq) {
        String digits = Long.toString(seq);
        return goalId + "/" + "0".repeat(Math.max(0, 19 - digits.length())) + digits;
    }

    /** Every event written under an operation id is indexed under it (its receipt is read back from the ledger). */
    public static void operationEvent(Views views, Recorded r) {
        views.indexOperationEvent(r.operationId(), r.seq());
    }

    /**
     * An {@code operation.recorded} names its operation in its payload too; the CLI writes it under
     * the same id, and one that names another id is indexed under that one as well.
     */
    public static void operationRecorded(Views views, Recorded r, OperationRecorded e) {
        if (!e.operationId().equals(r.operationId())) {
            views.indexOperationEvent(e.operationId(), r.seq());
        }
    }
}
