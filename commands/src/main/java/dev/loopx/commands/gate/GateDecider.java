package dev.loopx.commands.gate;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.projections.GoalState;
import io.vavr.control.Either;
import java.util.List;
import java.util.Optional;

/**
 * Operator gate runs. A gate decision is recorded as a fact with its resume contract; it grants
 * nothing: an approval is not a write grant, and a slash command or chat message is never one.
 */
public final class GateDecider {
    private GateDecider() {}

    public static Either<Rejection, List<LoopxEvent>> decide(OperatorGate c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        return Decision.accept(new GateDecided(c.gate(), c.decision(), c.reasonSummary()));
    }
}
