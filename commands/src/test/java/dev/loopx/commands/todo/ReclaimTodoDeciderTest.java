package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodo;
import static dev.loopx.commands.todo.Todos.agentTodoClaimedBy;
import static dev.loopx.commands.todo.Todos.idOf;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.ClaimTodo;
import dev.loopx.commands.todo.TodoCommands.CompleteTodo;
import dev.loopx.commands.todo.TodoCommands.ReclaimTodo;
import dev.loopx.commands.todo.TodoCommands.SupersedeTodo;
import dev.loopx.commands.todo.TodoCommands.UpdateTodo;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.event.TaskLeaseAcquired;
import dev.loopx.ledger.event.TodoClaimCleared;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoReclaimed;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoStatus;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Taking a claim back (issue 36 item 3): who may, on which todos, the epoch it moves to, and the
 * fencing of the agent it was taken from until it claims the todo again. Given events, when a
 * command, then events or a refusal.
 */
class ReclaimTodoDeciderTest {
    private static final String TEXT = "Write the importer";
    private static final String ID = idOf("agent", TEXT);
    private static final List<String> AB = List.of("a", "b");
    private static final String WHY = "lane silent for two days";

    private static ReclaimTodo reclaim(ActorKind kind) {
        return new ReclaimTodo(G, ID, WHY, kind);
    }

    private static CompleteTodo complete(String agent) {
        return new CompleteTodo(G, ID, agent, "shipped", true, "", "", "", "");
    }

    @Test
    void givenAClaim_whenTheOwnerOrAControllerReclaims_thenTheEpochGoesFromOneToTwo() {
        Scenario s = Scenario.givenGoalWithAgents(G, AB, agentTodoClaimedBy(TEXT, "a"));
        for (ActorKind kind : List.of(ActorKind.OWNER, ActorKind.CONTROLLER, ActorKind.SYSTEM)) {
            s.when(views -> TodoDecider.decide(reclaim(kind), GoalState.load(views, G)))
                    .thenEvents(new TodoReclaimed(ID, "a", WHY, 2));
        }
    }

    @Test
    void givenAClaim_whenAnAgentOrAHostReclaims_thenRefused() {
        Scenario s = Scenario.givenGoalWithAgents(G, AB, agentTodoClaimedBy(TEXT, "a"));
        s.when(views -> TodoDecider.decide(reclaim(ActorKind.AGENT), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.ReclaimNotAllowed(ID, "agent"));
        s.when(views -> TodoDecider.decide(reclaim(ActorKind.HOST), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.ReclaimNotAllowed(ID, "host"));
    }

    @Test
    void givenAnUnclaimedOrDoneTodo_whenReclaimed_thenRefused() {
        Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT))
                .when(views -> TodoDecider.decide(reclaim(ActorKind.OWNER), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoNotClaimed(ID));
        Scenario.givenGoalWithAgents(
                        G, AB, agentTodoClaimedBy(TEXT, "a"), new TodoCompleted(ID, "done", true, "", List.of(), ""))
                .when(views -> TodoDecider.decide(reclaim(ActorKind.OWNER), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoAlreadyCompleted(ID));
        Scenario.givenGoalWithAgents(G, AB)
                .when(views -> TodoDecider.decide(reclaim(ActorKind.OWNER), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoNotFound(ID));
    }

    @Test
    void givenASecondReclaim_afterAnotherClaim_thenTheEpochKeepsRising() {
        Scenario.givenGoalWithAgents(
                        G,
                        AB,
                        agentTodoClaimedBy(TEXT, "a"),
                        new TodoReclaimed(ID, "a", WHY, 2),
                        new TodoClaimed(ID, "b"))
                .when(views -> TodoDecider.decide(reclaim(ActorKind.OWNER), GoalState.load(views, G)))
                .thenEvents(new TodoReclaimed(ID, "b", WHY, 3));
    }

    @Test
    void givenALeasedClaim_whenReclaimed_thenTheLeaseGoesWithIt() {
        Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT), new TaskLeaseAcquired(ID, "a", 30))
                .when(views -> TodoDecider.decide(reclaim(ActorKind.OWNER), GoalState.load(views, G)))
                .thenEvents(new TodoReclaimed(ID, "a", WHY, 2));
        Scenario.givenGoalWithAgents(
                        G, AB, agentTodo(TEXT), new TaskLeaseAcquired(ID, "a", 30), new TodoReclaimed(ID, "a", WHY, 2))
                .when(views -> TodoDecider.decide(new ClaimTodo(G, ID, "b"), GoalState.load(views, G)))
                .thenEvents(new TodoClaimed(ID, "b"));
    }

    @Test
    void givenAReclaim_whenTheFormerHolderCompletesUpdatesOrSupersedes_thenClaimEpochMismatch() {
        Scenario s =
                Scenario.givenGoalWithAgents(G, AB, agentTodoClaimedBy(TEXT, "a"), new TodoReclaimed(ID, "a", WHY, 2));
        Rejection mismatch = new Rejection.ClaimEpochMismatch(ID, "a", 1, 2, WHY);
        s.when(views -> TodoDecider.decide(complete("a"), GoalState.load(views, G)))
                .thenRejectedWith(mismatch);
        s.when(views -> TodoDecider.decide(
                        new UpdateTodo(G, ID, "a", "", Optional.of(TodoStatus.BLOCKED), "", false),
                        GoalState.load(views, G)))
                .thenRejectedWith(mismatch);
        s.when(views -> TodoDecider.decide(
                        new SupersedeTodo(G, ID, "a", "moved", "Write it again"), GoalState.load(views, G)))
                .thenRejectedWith(mismatch);
        s.when(views -> TodoDecider.decide(complete("b"), GoalState.load(views, G)))
                .thenEvents(new TodoCompleted(ID, "shipped", true, "", List.of(), ""));
    }

    @Test
    void givenAReclaim_andAnotherAgentsClaim_whenTheFormerHolderCompletes_thenStillClaimEpochMismatch() {
        Scenario.givenGoalWithAgents(
                        G,
                        AB,
                        agentTodoClaimedBy(TEXT, "a"),
                        new TodoReclaimed(ID, "a", WHY, 2),
                        new TodoClaimed(ID, "b"))
                .when(views -> TodoDecider.decide(complete("a"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.ClaimEpochMismatch(ID, "a", 1, 2, WHY));
    }

    @Test
    void givenAReclaim_whenTheFormerHolderClaimsAgain_thenItsWritesAreAcceptedAtTheNewEpoch() {
        Scenario.givenGoalWithAgents(
                        G,
                        AB,
                        agentTodoClaimedBy(TEXT, "a"),
                        new TodoReclaimed(ID, "a", WHY, 2),
                        new TodoClaimed(ID, "a"))
                .when(views -> TodoDecider.decide(
                        new UpdateTodo(G, ID, "a", "", Optional.of(TodoStatus.BLOCKED), "", false),
                        GoalState.load(views, G)))
                .thenEvents(new TodoUpdated(ID, TEXT, "blocked", ""));
    }

    @Test
    void givenAnotherAgentsClaim_whenClearClaimIsAsked_thenRefused_butItsOwnClaimIsCleared() {
        Scenario s = Scenario.givenGoalWithAgents(G, AB, agentTodoClaimedBy(TEXT, "a"));
        s.when(views -> TodoDecider.decide(
                        new UpdateTodo(G, ID, "b", "", Optional.empty(), "", true), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.ClearClaimOfOther(ID, "a"));
        s.when(views -> TodoDecider.decide(
                        new UpdateTodo(G, ID, "", "", Optional.empty(), "", true), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.ClearClaimOfOther(ID, "a"));
        s.when(views -> TodoDecider.decide(
                        new UpdateTodo(G, ID, "a", "", Optional.empty(), "", true), GoalState.load(views, G)))
                .thenEvents(new TodoClaimCleared(ID));
    }
}
