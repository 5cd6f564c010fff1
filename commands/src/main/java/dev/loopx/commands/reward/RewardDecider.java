package dev.loopx.commands.reward;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.RewardRecorded;
import dev.loopx.projections.GoalState;
import io.vavr.control.Either;
import java.util.List;
import java.util.Optional;

/** Rewards are recorded as given; who may give one is the CLI's actor-kind rule. */
public final class RewardDecider {
    private RewardDecider() {}

    public static Either<Rejection, List<LoopxEvent>> decide(RecordReward c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        return Decision.accept(
                new RewardRecorded(c.reward(), c.reasonSummary(), c.decision(), c.lessonKind(), c.lessonSummary()));
    }
}
