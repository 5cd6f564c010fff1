package dev.loopx.commands.gate;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoDecider;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.projections.GoalState;
import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Operator gate runs. A gate decision is recorded as a fact with its resume contract; it grants
 * nothing: an approval is not a write grant, and a slash command or chat message is never one.
 * When the gate named is an open owner gate of the goal (a {@code user_gate} todo), an approval or
 * a rejection also decides that todo, as {@code todo complete --decision-outcome} would.
 */
public final class GateDecider {
    private GateDecider() {}

    public static Either<Rejection, List<LoopxEvent>> decide(OperatorGate c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        List<LoopxEvent> events = new ArrayList<>();
        events.add(new GateDecided(c.gate(), c.decision(), c.reasonSummary()));
        // --gate naming an open owner gate (a user_gate todo): an approval or a rejection decides it
        // (the todo is completed with that outcome and the lane it blocked runs again); a deferral
        // leaves it open
        state.get()
                .todo(c.gate())
                .filter(t -> t.isUserGate() && !t.done())
                .filter(t -> c.decision().equals("approve") || c.decision().equals("reject"))
                .ifPresent(t -> events.addAll(TodoDecider.decideGate(state.get(), t, c.decision(), c.reasonSummary())));
        return Either.right(events);
    }
}
