package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodo;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.DeclareEmpty;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.TodoSectionDeclaredEmpty;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Declaring a todo section empty on purpose: only an empty section, and only once. */
class DeclareEmptyDeciderTest {
    @Test
    void declaringAnEmptySection_recordsIt() {
        Scenario.givenGoalWithAgents(G, List.of(), agentTodo("Write the importer"))
                .when(views -> TodoDecider.decide(new DeclareEmpty(G, "user"), GoalState.load(views, G)))
                .thenEvents(new TodoSectionDeclaredEmpty("user"));
    }

    @Test
    void declaringASectionThatHasTodosEmpty_isRejectedWithSectionNotEmpty() {
        Scenario.givenGoalWithAgents(G, List.of(), agentTodo("Write the importer"))
                .when(views -> TodoDecider.decide(new DeclareEmpty(G, "agent"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.SectionNotEmpty("agent"));
    }

    @Test
    void declaringASectionEmptyTwice_changesNothing() {
        Scenario.givenGoalWithAgents(G, List.of(), new TodoSectionDeclaredEmpty("user"))
                .when(views -> TodoDecider.decide(new DeclareEmpty(G, "user"), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void declaringASectionOfAnUnknownGoalEmpty_isRejectedWithGoalNotFound() {
        Scenario.given(G)
                .when(views -> TodoDecider.decide(new DeclareEmpty(G, "user"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.GoalNotFound(G));
    }
}
