package dev.loopx.commands.reward;

import dev.loopx.commands.Rejection;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.RewardRecorded;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code reward} (SPEC §S6): a reward is recorded as given. */
class RewardDeciderTest {
    private static final String G = "g1";

    @Test
    void aReward_isRecordedAsGivenWithItsLesson() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> RewardDecider.decide(
                        new RecordReward(G, "mixed", "fast but untested", "keep", "testing", "write the test first"),
                        GoalState.load(views, G)))
                .thenEvents(
                        new RewardRecorded("mixed", "fast but untested", "keep", "testing", "write the test first"));
    }

    @Test
    void aRewardOnAnUnknownGoal_isRejectedWithGoalNotFound() {
        Scenario.given(G)
                .when(views -> RewardDecider.decide(
                        new RecordReward(G, "positive", "ok", "", "", ""), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.GoalNotFound(G));
    }
}
