package dev.loopx.commands.agent;

import dev.loopx.commands.Rejection;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code register-agent} (SPEC §S3): registration is identity, idempotent per id, and never overwrites. */
class AgentDeciderTest {
    private static final String G = "g1";

    private static RegisterAgents register(boolean requireNew, String... ids) {
        return new RegisterAgents(G, List.of(ids), "lane", requireNew);
    }

    @Test
    void registeringNewAgents_recordsOneEventPerNewIdInCommandOrder() {
        Scenario.givenGoalWithAgents(G, List.of())
                .when(views -> AgentDecider.decide(register(false, "b", "a"), GoalState.load(views, G)))
                .thenEvents(new AgentRegistered("b", "lane"), new AgentRegistered("a", "lane"));
    }

    @Test
    void anIdRepeatedInOneCommand_isRegisteredOnce() {
        Scenario.givenGoalWithAgents(G, List.of())
                .when(views -> AgentDecider.decide(register(false, "a", "b", "a"), GoalState.load(views, G)))
                .thenEvents(new AgentRegistered("a", "lane"), new AgentRegistered("b", "lane"));
    }

    @Test
    void registeringAMixOfNewAndExistingIds_recordsOnlyTheNewOnes() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> AgentDecider.decide(register(false, "a", "c"), GoalState.load(views, G)))
                .thenEvents(new AgentRegistered("c", "lane"));
    }

    @Test
    void reRegisteringExistingAgents_changesNothing() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"))
                .when(views -> AgentDecider.decide(register(false, "a", "b"), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void requireNewWithExistingIds_isRejectedListingEachExistingIdOnce() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"))
                .when(views -> AgentDecider.decide(register(true, "b", "new", "a", "b"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.AgentIdentityAlreadyRegistered(List.of("b", "a")));
    }

    @Test
    void requireNewWithOnlyNewIds_registersThem() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> AgentDecider.decide(register(true, "b"), GoalState.load(views, G)))
                .thenEvents(new AgentRegistered("b", "lane"));
    }

    @Test
    void registeringAgentsOnAnUnknownGoal_isRejectedWithGoalNotFound() {
        Scenario.given(G)
                .when(views -> AgentDecider.decide(register(false, "a"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.GoalNotFound(G));
    }
}
