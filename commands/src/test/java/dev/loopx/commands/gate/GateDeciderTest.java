package dev.loopx.commands.gate;

import dev.loopx.commands.Rejection;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code operator-gate} (SPEC §S5): a gate run is recorded as given; it grants nothing. */
class GateDeciderTest {
    private static final String G = "g1";

    @Test
    void anOperatorGateRun_isRecordedAsGiven() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> GateDecider.decide(
                        new OperatorGate(G, "release", "approve", "tests are green"), GoalState.load(views, G)))
                .thenEvents(new GateDecided("release", "approve", "tests are green"));
    }

    @Test
    void theSameGateRunTwice_isRecordedTwice() {
        Scenario.givenGoalWithAgents(G, List.of(), new GateDecided("release", "defer", "later"))
                .when(views ->
                        GateDecider.decide(new OperatorGate(G, "release", "defer", "later"), GoalState.load(views, G)))
                .thenEvents(new GateDecided("release", "defer", "later"));
    }

    @Test
    void anOperatorGateOnAnUnknownGoal_isRejectedWithGoalNotFound() {
        Scenario.given(G)
                .when(views ->
                        GateDecider.decide(new OperatorGate(G, "release", "approve", "ok"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.GoalNotFound(G));
    }
}
