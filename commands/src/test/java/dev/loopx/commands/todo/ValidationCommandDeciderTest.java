package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodo;
import static dev.loopx.commands.todo.Todos.idOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.commands.todo.TodoCommands.CompleteTodo;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code todo complete --validation-command} (issue 21): recorded with the completion's evidence. */
class ValidationCommandDeciderTest {
    private static final String TEXT = "Write the importer";
    private static final String ID = idOf("agent", TEXT);

    @Test
    void givenAnOpenTodo_whenCompletedWithAValidationCommand_thenTheCompletionRecordsIt_andTheTodoShowsIt() {
        Scenario.givenGoalWithAgents(G, List.of(), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(
                        new CompleteTodo(G, ID, "", "42 tests green", true, "", "", "", "", "./mvnw -q test"),
                        GoalState.load(views, G)))
                .thenEvents(new TodoCompleted(ID, "42 tests green", true, "", List.of(), "./mvnw -q test"));
        Scenario after = Scenario.givenGoalWithAgents(
                G,
                List.of(),
                agentTodo(TEXT),
                new TodoCompleted(ID, "42 tests green", true, "", List.of(), "make check"));
        assertEquals(
                "make check",
                after.compute(views -> GoalState.load(views, G)
                        .orElseThrow()
                        .todo(ID)
                        .orElseThrow()
                        .validationCommand()));
    }

    @Test
    void givenACompletionWithAValidationCommand_whenSettledWithoutOne_thenTheCommandIsKept() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of(),
                        agentTodo(TEXT),
                        new TodoCompleted(ID, "shipped", false, "", List.of(), "make check"))
                .when(views -> TodoDecider.decide(
                        new CompleteTodo(G, ID, "", "", true, "", "", "", ""), GoalState.load(views, G)))
                .thenEvents(new TodoCompleted(ID, "shipped", true, "", List.of(), "make check"));
    }
}
