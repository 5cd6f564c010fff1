package dev.loopx.commands.gate;

import dev.loopx.commands.Rejection;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCompleted;
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

    private static final TodoAdded SCHEMA_GATE = new TodoAdded(
            "todo_gate00000001", "user", "Approve the schema", "user_gate", "", "", "a", false, List.of(), "", "");

    @Test
    void anApprovalNamingAnOpenOwnerGate_decidesIt() {
        // issue 39: the decision used to be recorded while the gate stayed open and the lane blocked
        Scenario.givenGoalWithAgents(G, List.of("a"), SCHEMA_GATE)
                .when(views -> GateDecider.decide(
                        new OperatorGate(G, "todo_gate00000001", "approve", "schema reviewed"),
                        GoalState.load(views, G)))
                .thenEvents(
                        new GateDecided("todo_gate00000001", "approve", "schema reviewed"),
                        new TodoCompleted("todo_gate00000001", "schema reviewed", false, "approve", List.of()));
    }

    @Test
    void aRejectionDecidesItToo_aDeferralLeavesItOpen() {
        Scenario.givenGoalWithAgents(G, List.of("a"), SCHEMA_GATE)
                .when(views -> GateDecider.decide(
                        new OperatorGate(G, "todo_gate00000001", "reject", "wrong shape"), GoalState.load(views, G)))
                .thenEvents(
                        new GateDecided("todo_gate00000001", "reject", "wrong shape"),
                        new TodoCompleted("todo_gate00000001", "wrong shape", false, "reject", List.of()));
        Scenario.givenGoalWithAgents(G, List.of("a"), SCHEMA_GATE)
                .when(views -> GateDecider.decide(
                        new OperatorGate(G, "todo_gate00000001", "defer", "next week"), GoalState.load(views, G)))
                .thenEvents(new GateDecided("todo_gate00000001", "defer", "next week"));
    }

    @Test
    void anOperatorGateOnAnUnknownGoal_isRejectedWithGoalNotFound() {
        Scenario.given(G)
                .when(views ->
                        GateDecider.decide(new OperatorGate(G, "release", "approve", "ok"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.GoalNotFound(G));
    }
}
