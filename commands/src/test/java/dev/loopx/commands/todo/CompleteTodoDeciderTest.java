package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodo;
import static dev.loopx.commands.todo.Todos.agentTodoClaimedBy;
import static dev.loopx.commands.todo.Todos.complete;
import static dev.loopx.commands.todo.Todos.idOf;
import static dev.loopx.commands.todo.Todos.userTodo;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.CompleteTodo;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code todo complete} (SPEC §S4, §S5): terminal and idempotent; successors are added in the same
 * decision as the completion; a repeat cannot attach a different successor; a user gate's
 * completion carries the owner's decision.
 */
class CompleteTodoDeciderTest {
    private static final String TEXT = "Write the importer";
    private static final String ID = idOf("agent", TEXT);
    private static final String NEXT = "Write the importer docs";
    private static final String NEXT_ID = idOf("agent", NEXT);

    private static TodoAdded nextAgentTodo() {
        return new TodoAdded(NEXT_ID, "agent", NEXT, "advancement_task", "", "", "", false, List.of(), "", "");
    }

    @Test
    void completingWithANextAgentTodo_recordsTheCompletionAndTheSuccessorTogether() {
        Scenario.givenGoalWithAgents(G, List.of("a"), agentTodoClaimedBy(TEXT, "a"))
                .when(views ->
                        TodoDecider.decide(complete(ID, "a", "  Write the importer   docs"), GoalState.load(views, G)))
                .thenEvents(new TodoCompleted(ID, "shipped", false, "", List.of(NEXT_ID)), nextAgentTodo());
    }

    @Test
    void completingWithANextUserTodo_addsAUserSuccessorWithItsTaskClass() {
        String userId = idOf("user", "Try the importer");
        Scenario.givenGoalWithAgents(G, List.of("a"), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(
                        new CompleteTodo(G, ID, "a", "shipped", false, "", "Try the importer", "user_action", ""),
                        GoalState.load(views, G)))
                .thenEvents(
                        new TodoCompleted(ID, "shipped", false, "", List.of(userId)),
                        new TodoAdded(
                                userId,
                                "user",
                                "Try the importer",
                                "user_action",
                                "",
                                "",
                                "",
                                false,
                                List.of(),
                                "",
                                ""));
    }

    @Test
    void aUserGateSuccessorOnAMultiAgentGoal_blocksTheCompletingAgent() {
        String gateId = idOf("user", "Approve the release");
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(
                        new CompleteTodo(G, ID, "b", "shipped", false, NEXT, "Approve the release", "user_gate", ""),
                        GoalState.load(views, G)))
                .thenEvents(
                        new TodoCompleted(ID, "shipped", false, "", List.of(NEXT_ID, gateId)),
                        nextAgentTodo(),
                        new TodoAdded(
                                gateId,
                                "user",
                                "Approve the release",
                                "user_gate",
                                "",
                                "",
                                "b",
                                false,
                                List.of(),
                                "",
                                ""));
    }

    @Test
    void completingWithoutSuccessors_recordsOnlyTheCompletion() {
        Scenario.givenGoalWithAgents(G, List.of(), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(
                        new CompleteTodo(G, ID, "", "shipped", true, "", "", "", ""), GoalState.load(views, G)))
                .thenEvents(new TodoCompleted(ID, "shipped", true, "", List.of()));
    }

    @Test
    void repeatingACompletionWithTheSameSuccessor_changesNothing() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a"),
                        agentTodo(TEXT),
                        new TodoCompleted(ID, "shipped", false, "", List.of(NEXT_ID)),
                        nextAgentTodo())
                .when(views -> TodoDecider.decide(complete(ID, "a", NEXT), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void repeatingACompletionWithoutSuccessor_changesNothing() {
        Scenario.givenGoalWithAgents(
                        G, List.of("a"), agentTodo(TEXT), new TodoCompleted(ID, "shipped", true, "", List.of()))
                .when(views -> TodoDecider.decide(complete(ID, "a", ""), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void repeatingACompletionWithADifferentSuccessor_isRejectedWithTodoAlreadyCompleted() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a"),
                        agentTodo(TEXT),
                        new TodoCompleted(ID, "shipped", false, "", List.of(NEXT_ID)),
                        nextAgentTodo())
                .when(views ->
                        TodoDecider.decide(complete(ID, "a", "Something else entirely"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoAlreadyCompleted(ID));
    }

    @Test
    void completingAUserGateWithoutADecisionOutcome_isRejectedWithDecisionOutcomeRequired() {
        String gateId = idOf("user", "Approve the schema");
        Scenario.givenGoalWithAgents(G, List.of("a"), userTodo("Approve the schema", "user_gate", "", false))
                .when(views -> TodoDecider.decide(
                        new CompleteTodo(G, gateId, "a", "", false, "", "", "", ""), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.DecisionOutcomeRequired(gateId));
    }

    @Test
    void completingAUserGateWithADecisionOutcome_recordsTheOutcome() {
        String gateId = idOf("user", "Approve the schema");
        Scenario.givenGoalWithAgents(G, List.of("a"), userTodo("Approve the schema", "user_gate", "", false))
                .when(views -> TodoDecider.decide(
                        new CompleteTodo(G, gateId, "a", "", true, "", "", "", "approve"), GoalState.load(views, G)))
                .thenEvents(new TodoCompleted(gateId, "", true, "approve", List.of()));
    }

    @Test
    void completingATodoClaimedByAnotherAgent_isRejectedWithClaimedByOther() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodoClaimedBy(TEXT, "b"))
                .when(views -> TodoDecider.decide(complete(ID, "a", ""), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.ClaimedByOther(ID, "b"));
    }

    @Test
    void completingAnUnknownTodo_isRejectedWithTodoNotFound() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> TodoDecider.decide(complete(ID, "a", ""), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoNotFound(ID));
    }

    @Test
    void repeatingACompletionNamingAnUnrelatedExistingTodoAsSuccessor_isRejectedWithTodoAlreadyCompleted() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a"),
                        agentTodo(TEXT),
                        nextAgentTodo(),
                        new TodoCompleted(ID, "shipped", false, "", List.of()))
                .when(views -> TodoDecider.decide(complete(ID, "a", NEXT), GoalState.load(views, G)))
                .thenRejected(Rejection.TodoAlreadyCompleted.class);
    }
}
