package dev.loopx.commands.heartbeat;

import dev.loopx.commands.Rejection;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.HeartbeatInstalled;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Recording a heartbeat install: identity fails closed; the same wrapper twice changes nothing. */
class HeartbeatInstallDeciderTest {
    private static final String G = "g1";
    private static final String SHA = "ab".repeat(32);

    private static RecordHeartbeatInstall install(String agent, String sha) {
        return new RecordHeartbeatInstall(G, agent, "codex_app", 2, sha);
    }

    @Test
    void aRegisteredAgentsInstall_isRecordedWithItsDigestOnly() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> HeartbeatDecider.decide(install("a", SHA), GoalState.load(views, G), views))
                .thenEvents(new HeartbeatInstalled("a", "codex_app", 2, SHA));
    }

    @Test
    void theSameWrapperAgain_changesNothing_butANewDigestIsARefresh() {
        Scenario.givenGoalWithAgents(G, List.of("a"), new HeartbeatInstalled("a", "codex_app", 2, SHA))
                .when(views -> HeartbeatDecider.decide(install("a", SHA), GoalState.load(views, G), views))
                .thenNothingChanged();
        String other = "cd".repeat(32);
        Scenario.givenGoalWithAgents(G, List.of("a"), new HeartbeatInstalled("a", "codex_app", 2, SHA))
                .when(views -> HeartbeatDecider.decide(install("a", other), GoalState.load(views, G), views))
                .thenEvents(new HeartbeatInstalled("a", "codex_app", 2, other));
    }

    @Test
    void aMissingAgentId_failsClosed() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"))
                .when(views -> HeartbeatDecider.decide(install("", SHA), GoalState.load(views, G), views))
                .thenRejectedWith(new Rejection.AgentIdRequired(G, List.of("a", "b")));
    }

    @Test
    void anUnregisteredAgent_failsClosed_evenOnAGoalWithoutAgents() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> HeartbeatDecider.decide(install("ghost", SHA), GoalState.load(views, G), views))
                .thenRejectedWith(new Rejection.AgentNotRegistered(G, "ghost", List.of("a")));
        Scenario.given(G, new GoalRegistered("objective", "app"))
                .when(views -> HeartbeatDecider.decide(install("", SHA), GoalState.load(views, G), views))
                .thenRejectedWith(new Rejection.AgentNotRegistered(G, "", List.of()));
    }

    @Test
    void anUnknownGoal_isNotFound() {
        Scenario.given("other", new GoalRegistered("objective", "app"))
                .when(views -> HeartbeatDecider.decide(install("a", SHA), GoalState.load(views, G), views))
                .thenRejectedWith(new Rejection.GoalNotFound(G));
    }
}
