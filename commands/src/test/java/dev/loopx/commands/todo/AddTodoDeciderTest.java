package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.addAgentTodo;
import static dev.loopx.commands.todo.Todos.addUserGate;
import static dev.loopx.commands.todo.Todos.agentTodo;
import static dev.loopx.commands.todo.Todos.idOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.AddTodo;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code todo add} (SPEC §S4, §S5): content-derived ids, gate scope on multi-agent goals, references must exist. */
class AddTodoDeciderTest {
    @Test
    void addingATodo_recordsItUnderAContentDerivedIdWithNormalisedText() {
        Scenario.givenGoalWithAgents(G, List.of())
                .when(views -> TodoDecider.decide(
                        new AddTodo(
                                G,
                                TodoRole.AGENT,
                                "  Write   the\timporter ",
                                TaskClass.ADVANCEMENT_TASK,
                                Priority.P1,
                                "",
                                "",
                                false,
                                java.util.List.of(),
                                ""),
                        GoalState.load(views, G)))
                .thenEvents(new TodoAdded(
                        idOf("agent", "Write the importer"),
                        "agent",
                        "Write the importer",
                        "advancement_task",
                        "P1",
                        "",
                        "",
                        false,
                        List.of(),
                        "",
                        ""));
    }

    @Test
    void todoIds_areTodoUnderscoreAndTwelveHexAndIgnoreWhiteSpaceDifferences() {
        assertTrue(TodoIds.isTodoId(TodoIds.of(G, "agent", "Write the importer")));
        assertTrue(
                TodoIds.of(G, "agent", "Write the importer").equals(TodoIds.of(G, "agent", " Write\n the  importer")));
        assertNotEquals(TodoIds.of(G, "agent", "Write the importer"), TodoIds.of("g2", "agent", "Write the importer"));
    }

    @Test
    void addingTheSameTextWithDifferentWhiteSpace_changesNothing() {
        Scenario.givenGoalWithAgents(G, List.of(), agentTodo("Write the importer"))
                .when(views -> TodoDecider.decide(addAgentTodo("\tWrite  the importer\n"), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void addingTheSameTextForAnotherRole_addsADifferentTodo() {
        assertNotEquals(idOf("agent", "Review the plan"), idOf("user", "Review the plan"));
        Scenario.givenGoalWithAgents(G, List.of(), agentTodo("Review the plan"))
                .when(views -> TodoDecider.decide(
                        new AddTodo(
                                G,
                                TodoRole.USER,
                                "Review the plan",
                                TaskClass.USER_ACTION,
                                Priority.NONE,
                                "",
                                "",
                                false,
                                java.util.List.of(),
                                ""),
                        GoalState.load(views, G)))
                .thenEvents(new TodoAdded(
                        idOf("user", "Review the plan"),
                        "user",
                        "Review the plan",
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
    void aUserGateWithoutScopeOnAGoalWithTwoAgents_isRejectedWithGateScopeRequired() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"))
                .when(views ->
                        TodoDecider.decide(addUserGate("Approve the schema", "", false), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.GateScopeRequired(G));
    }

    @Test
    void aUserGateWithBothBlocksAgentAndGlobalGate_isRejectedWithGateScopeRequired() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"))
                .when(views ->
                        TodoDecider.decide(addUserGate("Approve the schema", "a", true), GoalState.load(views, G)))
                .thenRejected(Rejection.GateScopeRequired.class);
    }

    @Test
    void aUserGateBlockingOneAgentOnAGoalWithTwoAgents_isAdded() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"))
                .when(views ->
                        TodoDecider.decide(addUserGate("Approve the schema", "a", false), GoalState.load(views, G)))
                .thenEvents(new TodoAdded(
                        idOf("user", "Approve the schema"),
                        "user",
                        "Approve the schema",
                        "user_gate",
                        "",
                        "",
                        "a",
                        false,
                        List.of(),
                        "",
                        ""));
    }

    @Test
    void aGlobalUserGateOnAGoalWithTwoAgents_isAdded() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"))
                .when(views ->
                        TodoDecider.decide(addUserGate("Approve the schema", "", true), GoalState.load(views, G)))
                .thenEvents(new TodoAdded(
                        idOf("user", "Approve the schema"),
                        "user",
                        "Approve the schema",
                        "user_gate",
                        "",
                        "",
                        "",
                        true,
                        List.of(),
                        "",
                        ""));
    }

    @Test
    void aUserGateWithoutScopeOnAGoalWithOneAgent_isAdded() {
        Scenario.givenGoalWithAgents(G, List.of("a"))
                .when(views ->
                        TodoDecider.decide(addUserGate("Approve the schema", "", false), GoalState.load(views, G)))
                .thenEvents(new TodoAdded(
                        idOf("user", "Approve the schema"),
                        "user",
                        "Approve the schema",
                        "user_gate",
                        "",
                        "",
                        "",
                        false,
                        List.of(),
                        "",
                        ""));
    }

    @Test
    void claimedByAnUnregisteredAgent_isRejectedWithAgentNotRegistered() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"))
                .when(views -> TodoDecider.decide(
                        new AddTodo(
                                G,
                                TodoRole.AGENT,
                                "Write the importer",
                                TaskClass.ADVANCEMENT_TASK,
                                Priority.NONE,
                                "zed",
                                "",
                                false,
                                java.util.List.of(),
                                ""),
                        GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.AgentNotRegistered(G, "zed", List.of("a", "b")));
    }

    @Test
    void blockingAnUnregisteredAgent_isRejectedWithAgentNotRegistered() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"))
                .when(views ->
                        TodoDecider.decide(addUserGate("Approve the schema", "zed", false), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.AgentNotRegistered(G, "zed", List.of("a", "b")));
    }

    @Test
    void resumeWhenATodoThatDoesNotExistIsDone_isRejectedWithTodoNotFound() {
        String missing = idOf("agent", "never added");
        Scenario.givenGoalWithAgents(G, List.of())
                .when(views -> TodoDecider.decide(
                        new AddTodo(
                                G,
                                TodoRole.AGENT,
                                "Deploy",
                                TaskClass.ADVANCEMENT_TASK,
                                Priority.NONE,
                                "",
                                "",
                                false,
                                java.util.List.of(),
                                "todo_done:" + missing),
                        GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoNotFound(missing));
    }

    @Test
    void resumeWhenAnExistingTodoIsDone_isAddedWithTheCondition() {
        String awaited = idOf("agent", "Write the importer");
        Scenario.givenGoalWithAgents(G, List.of(), agentTodo("Write the importer"))
                .when(views -> TodoDecider.decide(
                        new AddTodo(
                                G,
                                TodoRole.AGENT,
                                "Deploy",
                                TaskClass.ADVANCEMENT_TASK,
                                Priority.NONE,
                                "",
                                "",
                                false,
                                java.util.List.of(),
                                "todo_done:" + awaited),
                        GoalState.load(views, G)))
                .thenEvents(new TodoAdded(
                        idOf("agent", "Deploy"),
                        "agent",
                        "Deploy",
                        "advancement_task",
                        "",
                        "",
                        "",
                        false,
                        List.of(),
                        "",
                        "todo_done:" + awaited));
    }

    @Test
    void addingATodoToAnUnknownGoal_isRejectedWithGoalNotFound() {
        Scenario.given(G)
                .when(views -> TodoDecider.decide(addAgentTodo("Write the importer"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.GoalNotFound(G));
    }
}
