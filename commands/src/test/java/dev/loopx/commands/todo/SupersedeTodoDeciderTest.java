package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodoClaimedBy;
import static dev.loopx.commands.todo.Todos.idOf;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.SupersedeTodo;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoSuperseded;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code todo supersede} (SPEC §S4): retires a todo; the replacement inherits its ownership and links. */
class SupersedeTodoDeciderTest {
    private static final String TEXT = "Write the importer";
    private static final String ID = idOf("agent", TEXT);
    private static final String REPLACEMENT = "Import through the vendor API";
    private static final String REPLACEMENT_ID = idOf("agent", REPLACEMENT);
    private static final String UNBLOCKS = idOf("user", "Try the importer");

    @Test
    void theReplacement_inheritsClaimedByBlocksAgentUnblocksTodoIdAndPriority() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a", "b"),
                        new TodoAdded(
                                ID, "agent", TEXT, "advancement_task", "P1", "a", "b", false, List.of(), UNBLOCKS, ""))
                .when(views -> TodoDecider.decide(
                        new SupersedeTodo(G, ID, "a", "vendor API exists", REPLACEMENT), GoalState.load(views, G)))
                .thenEvents(
                        new TodoSuperseded(ID, "vendor API exists", REPLACEMENT_ID),
                        new TodoAdded(
                                REPLACEMENT_ID,
                                "agent",
                                REPLACEMENT,
                                "advancement_task",
                                "P1",
                                "a",
                                "b",
                                false,
                                List.of(),
                                UNBLOCKS,
                                ""));
    }

    @Test
    void supersedingATodoClaimedByAnotherAgent_isRejectedWithClaimedByOther() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodoClaimedBy(TEXT, "b"))
                .when(views ->
                        TodoDecider.decide(new SupersedeTodo(G, ID, "a", "why", REPLACEMENT), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.ClaimedByOther(ID, "b"));
    }

    @Test
    void supersedingADoneTodo_isRejectedWithTodoAlreadyCompleted() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a"),
                        agentTodoClaimedBy(TEXT, "a"),
                        new TodoSuperseded(ID, "earlier", REPLACEMENT_ID))
                .when(views ->
                        TodoDecider.decide(new SupersedeTodo(G, ID, "a", "why", REPLACEMENT), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoAlreadyCompleted(ID));
    }

    @Test
    void supersedingATodoWithItsOwnText_isRejected() {
        String text = "Write the importer";
        Scenario.givenGoalWithAgents(Todos.G, List.of("a"), Todos.agentTodo(text))
                .when(views -> TodoDecider.decide(
                        new TodoCommands.SupersedeTodo(
                                Todos.G, Todos.idOf("agent", text), "a", "same", " Write  the importer"),
                        GoalState.load(views, Todos.G)))
                .thenRejected(Rejection.ReplacementIsTheSameTodo.class);
    }
}
