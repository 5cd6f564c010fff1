package dev.loopx.commands.goal;

import dev.loopx.commands.Rejection;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.projections.Projector;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class GoalDeciderTest {
    private static final RegisterGoal REGISTER = new RegisterGoal("g1", "Ship the importer", "weather-app");

    @Test
    void registeringANewGoalRecordsIt() {
        Scenario.given("g1")
                .when(views -> GoalDecider.decide(REGISTER, Projector.goal(views, "g1")))
                .thenEvents(new GoalRegistered("Ship the importer", "weather-app"));
    }

    @Test
    void registeringAnExistingGoalAgainChangesNothing() {
        Scenario.given("g1", new GoalRegistered("Something else", "weather-app"))
                .when(views -> GoalDecider.decide(REGISTER, Projector.goal(views, "g1")))
                .thenNothingChanged();
    }

    @Test
    void configuringAnUnknownGoalIsRejected() {
        Scenario.given("g1")
                .when(views ->
                        GoalDecider.decide(new ConfigureGoal("g1", BigDecimal.ONE, 24, 1), Projector.goal(views, "g1")))
                .thenRejected(Rejection.GoalNotFound.class);
    }

    @Test
    void configuringTheSamePolicyAgainChangesNothing() {
        Scenario.given("g1", new GoalRegistered("", "app"), new GoalConfigured(new BigDecimal("0.5"), 12, 2))
                .when(views -> GoalDecider.decide(
                        new ConfigureGoal("g1", new BigDecimal("0.50"), 12, 2), Projector.goal(views, "g1")))
                .thenNothingChanged();
    }

    @Test
    void configuringTheDefaultsOnANewGoalChangesNothing() {
        Scenario.given("g1", new GoalRegistered("", "app"))
                .when(views ->
                        GoalDecider.decide(new ConfigureGoal("g1", BigDecimal.ONE, 24, 1), Projector.goal(views, "g1")))
                .thenNothingChanged();
    }

    @Test
    void pausingAGoalRecordsComputeZero() {
        Scenario.given("g1", new GoalRegistered("", "app"))
                .when(views -> GoalDecider.decide(
                        new ConfigureGoal("g1", BigDecimal.ZERO, 24, 1), Projector.goal(views, "g1")))
                .thenEvents(new GoalConfigured(BigDecimal.ZERO, 24, 1));
    }
}
