package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodo;
import static dev.loopx.commands.todo.Todos.agentTodoClaimedBy;
import static dev.loopx.commands.todo.Todos.idOf;
import static dev.loopx.commands.todo.Todos.update;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.UpdateTodo;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoClaimCleared;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code todo update} (SPEC §S4): non-terminal edits by the claimant; a {@code todo.updated} carries
 * the todo's full editable values after the edit, and an edit that changes nothing appends nothing.
 */
class UpdateTodoDeciderTest {
    private static final String TEXT = "Write the importer";
    private static final String ID = idOf("agent", TEXT);
    private static final String AT = "resume_at:2026-02-01T09:00:00Z";

    @Test
    void settingStatusDoneThroughUpdate_isRejectedWithUseCompleteForDone() {
        Scenario.givenGoalWithAgents(G, List.of("a"), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(update(ID, "a", "", "done", ""), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.UseCompleteForDone(ID));
    }

    @Test
    void updatingOnAMultiAgentGoalWithoutAnAgentId_isRejectedWithAgentIdRequired() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(update(ID, "", "", "blocked", ""), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.AgentIdRequired(G, List.of("a", "b")));
    }

    @Test
    void updatingATodoClaimedByAnotherAgent_isRejectedWithClaimedByOther() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodoClaimedBy(TEXT, "b"))
                .when(views -> TodoDecider.decide(update(ID, "a", "", "blocked", ""), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.ClaimedByOther(ID, "b"));
    }

    @Test
    void updatingByAnUnregisteredAgent_isRejectedWithAgentNotRegistered() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(update(ID, "zed", "", "blocked", ""), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.AgentNotRegistered(G, "zed", List.of("a", "b")));
    }

    @Test
    void changingTheStatus_recordsTodoUpdatedWithTheUnchangedTextAndResumeCondition() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a"),
                        new TodoAdded(ID, "agent", TEXT, "advancement_task", "", "a", "", false, List.of(), "", AT))
                .when(views -> TodoDecider.decide(update(ID, "a", "", "blocked", ""), GoalState.load(views, G)))
                .thenEvents(new TodoUpdated(ID, TEXT, "blocked", AT));
    }

    @Test
    void changingTheText_recordsTodoUpdatedWithTheNormalisedTextAndTheCurrentStatus() {
        Scenario.givenGoalWithAgents(G, List.of("a"), agentTodo(TEXT), new TodoUpdated(ID, TEXT, "deferred", AT))
                .when(views -> TodoDecider.decide(
                        update(ID, "a", " Write  the CSV importer ", "", ""), GoalState.load(views, G)))
                .thenEvents(new TodoUpdated(ID, "Write the CSV importer", "deferred", AT));
    }

    @Test
    void changingTextStatusAndResumeConditionAtOnce_recordsOneTodoUpdatedWithAllNewValues() {
        Scenario.givenGoalWithAgents(G, List.of("a"), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(
                        update(ID, "a", "Write the CSV importer", "deferred", AT), GoalState.load(views, G)))
                .thenEvents(new TodoUpdated(ID, "Write the CSV importer", "deferred", AT));
    }

    @Test
    void resumeWhenNone_clearsTheResumeCondition() {
        Scenario.givenGoalWithAgents(G, List.of("a"), agentTodo(TEXT), new TodoUpdated(ID, TEXT, "deferred", AT))
                .when(views -> TodoDecider.decide(update(ID, "a", "", "", "none"), GoalState.load(views, G)))
                .thenEvents(new TodoUpdated(ID, TEXT, "deferred", ""));
    }

    @Test
    void resumeWhenATodoThatDoesNotExistIsDone_isRejectedWithTodoNotFound() {
        String missing = idOf("agent", "never added");
        Scenario.givenGoalWithAgents(G, List.of("a"), agentTodo(TEXT))
                .when(views ->
                        TodoDecider.decide(update(ID, "a", "", "", "todo_done:" + missing), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoNotFound(missing));
    }

    @Test
    void clearingTheClaim_recordsTodoClaimCleared() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodoClaimedBy(TEXT, "a"))
                .when(views -> TodoDecider.decide(
                        new UpdateTodo(G, ID, "a", "", Optional.empty(), "", true), GoalState.load(views, G)))
                .thenEvents(new TodoClaimCleared(ID));
    }

    @Test
    void clearingTheClaimOfAnUnclaimedTodo_changesNothing() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), agentTodo(TEXT))
                .when(views -> TodoDecider.decide(
                        new UpdateTodo(G, ID, "a", "", Optional.empty(), "", true), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void anUpdateToTheCurrentValues_changesNothing() {
        Scenario.givenGoalWithAgents(G, List.of("a"), agentTodo(TEXT), new TodoUpdated(ID, TEXT, "blocked", AT))
                .when(views -> TodoDecider.decide(
                        update(ID, "a", "  Write the   importer", "blocked", AT), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void updatingADoneTodo_isRejectedWithTodoAlreadyCompleted() {
        Scenario.givenGoalWithAgents(
                        G, List.of("a"), agentTodo(TEXT), new TodoCompleted(ID, "done", true, "", List.of()))
                .when(views -> TodoDecider.decide(update(ID, "a", "", "blocked", ""), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoAlreadyCompleted(ID));
    }
}
