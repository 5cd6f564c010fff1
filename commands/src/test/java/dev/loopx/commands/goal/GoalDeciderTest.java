package dev.loopx.commands.goal;

import dev.loopx.commands.Rejection;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.projections.Projector;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoalDeciderTest {
    private static final RegisterGoal REGISTER = new RegisterGoal("g1", "Ship the importer", "weather-app");

    @Test
    void registeringANewGoalRecordsItWithBothTodoSectionsDeclared() {
        Scenario.given("g1")
                .when(views -> GoalDecider.decide(REGISTER, Projector.goal(views, "g1")))
                .thenEvents(
                        new GoalRegistered("Ship the importer", "weather-app"),
                        new dev.loopx.ledger.event.TodoSectionsDeclared(List.of("agent", "user")));
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

    @Test
    void theReplanPolicyChangesOnlyWhenItDiffers() {
        org.junit.jupiter.api.Assertions.assertEquals(
                List.of(new dev.loopx.ledger.event.GoalReplanPolicyConfigured(2)),
                GoalDecider.decideReplanPolicy(2, 5).get());
        org.junit.jupiter.api.Assertions.assertEquals(
                List.of(), GoalDecider.decideReplanPolicy(5, 5).get());
    }
}
