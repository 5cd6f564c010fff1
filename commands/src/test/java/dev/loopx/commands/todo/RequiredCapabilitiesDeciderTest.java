package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodo;
import static dev.loopx.commands.todo.Todos.idOf;
import static dev.loopx.commands.todo.Todos.userTodo;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.AddTodo;
import dev.loopx.commands.todo.TodoCommands.UpdateTodo;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCapabilitiesRequired;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Required capabilities (issue 21): recorded with the add, replaced or cleared by an update, agent todos only. */
class RequiredCapabilitiesDeciderTest {
    private static final String TEXT = "Train the model";
    private static final String ID = idOf("agent", TEXT);

    private static AddTodo add(TodoRole role, TaskClass taskClass, List<String> capabilities) {
        return new AddTodo(G, role, TEXT, taskClass, Priority.NONE, "", "", false, List.of(), "", "", capabilities);
    }

    private static UpdateTodo update(String todoId, Optional<List<String>> capabilities) {
        return new UpdateTodo(G, todoId, "a", "", Optional.empty(), "", false, capabilities);
    }

    @Test
    void givenRequiredCapabilities_whenAdded_thenTheyFollowTheAddInTheSameAppend_sortedAndDistinct() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> TodoDecider.decide(
                        add(TodoRole.AGENT, TaskClass.ADVANCEMENT_TASK, List.of("shell", "gpu", "shell")),
                        GoalState.load(views, G)))
                .thenEvents(
                        new TodoAdded(ID, "agent", TEXT, "advancement_task", "", "", "", false, List.of(), "", ""),
                        new TodoCapabilitiesRequired(ID, List.of("gpu", "shell")));
    }

    @Test
    void givenNoRequiredCapabilities_whenAdded_thenOnlyTheAddIsRecorded() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> TodoDecider.decide(
                        add(TodoRole.AGENT, TaskClass.ADVANCEMENT_TASK, List.of()), GoalState.load(views, G)))
                .thenEvents(new TodoAdded(ID, "agent", TEXT, "advancement_task", "", "", "", false, List.of(), "", ""));
    }

    @Test
    void givenAUserTodo_whenAddedWithCapabilities_thenRefused() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views -> TodoDecider.decide(
                        add(TodoRole.USER, TaskClass.USER_ACTION, List.of("gpu")), GoalState.load(views, G)))
                .thenRejected(Rejection.NotForThisTodo.class);
    }

    @Test
    void givenATodo_whenUpdatedWithNewCapabilities_thenReplaced_andAnEmptyListClears_andTheSameChangesNothing() {
        Scenario s = Scenario.givenGoalWithAgents(
                G, List.of("a"), agentTodo(TEXT), new TodoCapabilitiesRequired(ID, List.of("gpu")));
        s.when(views -> TodoDecider.decide(update(ID, Optional.of(List.of("shell", "gpu"))), GoalState.load(views, G)))
                .thenEvents(new TodoCapabilitiesRequired(ID, List.of("gpu", "shell")));
        s.when(views -> TodoDecider.decide(update(ID, Optional.of(List.of())), GoalState.load(views, G)))
                .thenEvents(new TodoCapabilitiesRequired(ID, List.of()));
        s.when(views -> TodoDecider.decide(update(ID, Optional.of(List.of("gpu"))), GoalState.load(views, G)))
                .thenNothingChanged();
        s.when(views -> TodoDecider.decide(update(ID, Optional.empty()), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void givenAUserTodo_whenUpdatedWithCapabilities_thenRefused() {
        String user = idOf("user", "Read the report");
        Scenario.givenGoalWithAgents(G, List.of("a"), userTodo("Read the report", "user_action", "", false))
                .when(views -> TodoDecider.decide(
                        new UpdateTodo(G, user, "", "", Optional.empty(), "", false, Optional.of(List.of("gpu"))),
                        GoalState.load(views, G)))
                .thenRejected(Rejection.NotForThisTodo.class);
    }
}
