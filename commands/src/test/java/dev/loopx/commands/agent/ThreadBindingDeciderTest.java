package dev.loopx.commands.agent;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.ThreadCommands.BindAgentThread;
import dev.loopx.commands.agent.ThreadCommands.UnbindAgentThread;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.AgentThreadBound;
import dev.loopx.ledger.event.AgentThreadUnbound;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Host-thread bindings: a thread speaks for at most one registered agent per goal; moves are explicit. */
class ThreadBindingDeciderTest {
    private static final String G = "g1";
    private static final String S = "codex-app";
    private static final String T = "thread-1";

    private static BindAgentThread bind(String agent, boolean move) {
        return new BindAgentThread(G, S, T, agent, move);
    }

    private static UnbindAgentThread unbind(String agent) {
        return new UnbindAgentThread(G, S, T, agent);
    }

    @Test
    void bindingAnUnboundThreadToARegisteredAgent_recordsTheBinding() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"))
                .when(views -> ThreadBindingDecider.decide(bind("a", false), GoalState.load(views, G), views))
                .thenEvents(new AgentThreadBound("a", S, T, ""));
    }

    @Test
    void bindingAThreadAgainToTheSameAgent_changesNothing() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), new AgentThreadBound("a", S, T, ""))
                .when(views -> ThreadBindingDecider.decide(bind("a", true), GoalState.load(views, G), views))
                .thenNothingChanged();
    }

    @Test
    void bindingABoundThreadToAnotherAgent_isRejectedNamingTheBoundAgent() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), new AgentThreadBound("a", S, T, ""))
                .when(views -> ThreadBindingDecider.decide(bind("b", false), GoalState.load(views, G), views))
                .thenRejectedWith(new Rejection.AgentThreadBoundToOther(G, S, T, "a", "b"));
    }

    @Test
    void movingABoundThread_recordsTheAgentItWasBoundTo() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), new AgentThreadBound("a", S, T, ""))
                .when(views -> ThreadBindingDecider.decide(bind("b", true), GoalState.load(views, G), views))
                .thenEvents(new AgentThreadBound("b", S, T, "a"));
    }

    @Test
    void theSameThreadIdOnAnotherSurface_isAnotherThread() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), new AgentThreadBound("a", "claude-code", T, ""))
                .when(views -> ThreadBindingDecider.decide(bind("b", false), GoalState.load(views, G), views))
                .thenEvents(new AgentThreadBound("b", S, T, ""));
    }

    @Test
    void bindingToAnUnregisteredAgent_isRejected() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> ThreadBindingDecider.decide(bind("ghost", false), GoalState.load(views, G), views))
                .thenRejectedWith(new Rejection.AgentNotRegistered(G, "ghost", List.of("a")));
    }

    @Test
    void bindingOnAnUnknownGoal_isRejectedWithGoalNotFound() {
        Scenario.given(G)
                .when(views -> ThreadBindingDecider.decide(bind("a", false), GoalState.load(views, G), views))
                .thenRejectedWith(new Rejection.GoalNotFound(G));
    }

    @Test
    void unbindingTheBoundAgent_recordsTheUnbinding() {
        Scenario.givenGoalWithAgents(G, List.of("a"), new AgentThreadBound("a", S, T, ""))
                .when(views -> ThreadBindingDecider.decide(unbind("a"), GoalState.load(views, G), views))
                .thenEvents(new AgentThreadUnbound("a", S, T));
    }

    @Test
    void unbindingNamingAnotherAgent_isRejected() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), new AgentThreadBound("a", S, T, ""))
                .when(views -> ThreadBindingDecider.decide(unbind("b"), GoalState.load(views, G), views))
                .thenRejectedWith(new Rejection.AgentThreadBoundToOther(G, S, T, "a", "b"));
    }

    @Test
    void unbindingAThreadThatIsNotBound_changesNothing() {
        Scenario.givenGoalWithAgents(
                        G, List.of("a"), new AgentThreadBound("a", S, T, ""), new AgentThreadUnbound("a", S, T))
                .when(views -> ThreadBindingDecider.decide(unbind("a"), GoalState.load(views, G), views))
                .thenNothingChanged();
    }

    @Test
    void anUnboundThread_canBeBoundToAnotherAgentWithoutMove() {
        Scenario.givenGoalWithAgents(
                        G, List.of("a", "b"), new AgentThreadBound("a", S, T, ""), new AgentThreadUnbound("a", S, T))
                .when(views -> ThreadBindingDecider.decide(bind("b", false), GoalState.load(views, G), views))
                .thenEvents(new AgentThreadBound("b", S, T, ""));
    }
}
