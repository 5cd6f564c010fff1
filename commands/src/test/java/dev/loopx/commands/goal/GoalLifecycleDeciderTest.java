package dev.loopx.commands.goal;

import dev.loopx.commands.Rejection;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.GoalResumed;
import dev.loopx.ledger.event.GoalStopped;
import dev.loopx.projections.Projector;
import org.junit.jupiter.api.Test;

/** {@code goal-lifecycle} (SPEC §S3): stop and resume are recorded once; repeating one changes nothing. */
class GoalLifecycleDeciderTest {
    private static final String G = "g1";
    private static final ChangeLifecycle STOP = new ChangeLifecycle(G, true, "owner is away");
    private static final ChangeLifecycle RESUME = new ChangeLifecycle(G, false, "owner is back");

    @Test
    void stoppingAnActiveGoal_recordsGoalStoppedWithTheReason() {
        Scenario.given(G, new GoalRegistered("", "app"))
                .when(views -> GoalDecider.decide(STOP, Projector.goal(views, G)))
                .thenEvents(new GoalStopped("owner is away"));
    }

    @Test
    void stoppingAStoppedGoal_changesNothing() {
        Scenario.given(G, new GoalRegistered("", "app"), new GoalStopped("earlier"))
                .when(views -> GoalDecider.decide(STOP, Projector.goal(views, G)))
                .thenNothingChanged();
    }

    @Test
    void resumingAStoppedGoal_recordsGoalResumedWithTheReason() {
        Scenario.given(G, new GoalRegistered("", "app"), new GoalStopped("earlier"))
                .when(views -> GoalDecider.decide(RESUME, Projector.goal(views, G)))
                .thenEvents(new GoalResumed("owner is back"));
    }

    @Test
    void resumingAnActiveGoal_changesNothing() {
        Scenario.given(G, new GoalRegistered("", "app"), new GoalStopped("earlier"), new GoalResumed("back"))
                .when(views -> GoalDecider.decide(RESUME, Projector.goal(views, G)))
                .thenNothingChanged();
    }

    @Test
    void changingTheLifecycleOfAnUnknownGoal_isRejectedWithGoalNotFound() {
        Scenario.given(G)
                .when(views -> GoalDecider.decide(STOP, Projector.goal(views, G)))
                .thenRejectedWith(new Rejection.GoalNotFound(G));
    }
}
