package dev.loopx.projections.scheduler;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.SchedulerAcked;
import dev.loopx.ledger.event.SchedulerHostUpdateFailed;
import dev.loopx.ledger.event.TurnObserved;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Folds scheduler acks and host failures into view {@code scheduler} (key
 * {@code <goal>/<agent>/<surface>}) and observed turns into view {@code turn} (key
 * {@code <goal>/<turn id>}).
 */
public final class SchedulerFold {
    public static final String VIEW = "scheduler";
    public static final String TURN_VIEW = "turn";
    static final int MAX_FAILURES = 4;

    private SchedulerFold() {}

    public static SchedulerView scheduler(Views views, String goalId, String agentId, String surface) {
        return Documents.get(views, VIEW, key(goalId, agentId, surface), SchedulerView.class)
                .orElse(SchedulerView.empty(goalId, agentId, surface));
    }

    public static Optional<TurnRecord> turn(Views views, String goalId, String turnId) {
        return Documents.get(views, TURN_VIEW, goalId + "/" + turnId, TurnRecord.class);
    }

    /** One observed turn: the first should-run answer for it. */
    public record TurnRecord(long seq, String agentId, String effectiveAction) {}

    public static void acked(Views views, Recorded r, SchedulerAcked e) {
        SchedulerView v = scheduler(views, r.goalId(), e.agentId(), e.surface());
        List<SchedulerView.Failure> failures = v.failures().stream()
                .filter(f -> !f.failedRrule().equals(e.lastAppliedRrule()))
                .toList();
        put(
                views,
                new SchedulerView(
                        v.goalId(),
                        v.agentId(),
                        v.surface(),
                        new SchedulerView.Ack(
                                r.seq(),
                                e.resetToken(),
                                e.identitySignature(),
                                e.progressionIndex(),
                                e.progressionMinutes(),
                                e.lastAppliedRrule(),
                                r.recordedAt()),
                        failures));
    }

    public static void hostUpdateFailed(Views views, Recorded r, SchedulerHostUpdateFailed e) {
        SchedulerView v = scheduler(views, r.goalId(), e.agentId(), e.surface());
        List<SchedulerView.Failure> failures = new ArrayList<>();
        for (SchedulerView.Failure f : v.failures()) {
            if (!(f.failedRrule().equals(e.failedRrule()) && f.observedRrule().equals(e.observedRrule()))) {
                failures.add(f);
            }
        }
        failures.add(new SchedulerView.Failure(r.seq(), e.failedRrule(), e.observedRrule(), r.recordedAt()));
        while (failures.size() > MAX_FAILURES) {
            failures.remove(0);
        }
        put(views, new SchedulerView(v.goalId(), v.agentId(), v.surface(), v.lastAck(), failures));
    }

    public static void turnObserved(Views views, Recorded r, TurnObserved e) {
        if (turn(views, r.goalId(), e.turnInstanceId()).isEmpty()) {
            Documents.put(
                    views,
                    TURN_VIEW,
                    r.goalId() + "/" + e.turnInstanceId(),
                    new TurnRecord(r.seq(), e.agentId(), e.effectiveAction()));
        }
    }

    private static void put(Views views, SchedulerView v) {
        Documents.put(views, VIEW, key(v.goalId(), v.agentId(), v.surface()), v);
    }

    private static String key(String goalId, String agentId, String surface) {
        return goalId + "/" + agentId + "/" + surface;
    }
}
