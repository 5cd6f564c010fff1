package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodo;
import static dev.loopx.commands.todo.Todos.agentTodoClaimedBy;
import static dev.loopx.commands.todo.Todos.idOf;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.ClaimTodo;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code todo claim} (SPEC §S4): a soft claim by a registered agent that never steals another agent's claim. */
class ClaimTodoDeciderTest {
    private static final String TEXT = "Write the importer";
    private static final String ID = idOf("agent", TEXT);

    private static ClaimTodo claim(String agentId) {
        return new ClaimTodo(G, ID, agentId);
    }

    @Test
    void claimingAnUnclaimedTodo_recordsTheClaim() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(claim("a"), GoalState.load(views, G)))
                .thenEvents(new TodoClaimed(ID, "a"));
    }

    @Test
    void claimingATodoClaimedByAnotherAgent_isRejectedWithClaimedByOther() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodoClaimedBy(TEXT, "b"))
                .when(views -> TodoDecider.decide(claim("a"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.ClaimedByOther(ID, "b"));
    }

    @Test
    void claimingATodoTheClaimOfWhichWasTakenLater_isRejectedWithClaimedByOther() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodo(TEXT), new TodoClaimed(ID, "b"))
                .when(views -> TodoDecider.decide(claim("a"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.ClaimedByOther(ID, "b"));
    }

    @Test
    void claimingATodoAgainByItsClaimant_changesNothing() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodo(TEXT), new TodoClaimed(ID, "a"))
                .when(views -> TodoDecider.decide(claim("a"), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void claimingByAnUnregisteredAgent_isRejectedWithAgentNotRegistered() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(claim("zed"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.AgentNotRegistered(G, "zed", List.of("a", "b")));
    }

    @Test
    void claimingOnAGoalWithoutAgents_isRejectedWithAgentNotRegistered() {
        Scenario.givenGoalWithAgents(G, List.of(), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(claim("a"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.AgentNotRegistered(G, "a", List.of()));
    }

    @Test
    void claimingADoneTodo_isRejectedWithTodoAlreadyCompleted() {
        Scenario.givenGoalWithAgents(
                        G, List.of("a"), agentTodo(TEXT), new TodoCompleted(ID, "done", true, "", List.of()))
                .when(views -> TodoDecider.decide(claim("a"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoAlreadyCompleted(ID));
    }

    @Test
    void claimingByAnExcludedAgent_isRejectedWithAgentExcluded() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a", "b"),
                        new TodoAdded(ID, "agent", TEXT, "advancement_task", "", "", "", false, List.of("a"), "", ""))
                .when(views -> TodoDecider.decide(claim("a"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.AgentExcluded(ID, "a"));
    }

    @Test
    void claimingAnUnknownTodo_isRejectedWithTodoNotFound() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> TodoDecider.decide(claim("a"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoNotFound(ID));
    }
}
