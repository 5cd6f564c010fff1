package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodo;
import static dev.loopx.commands.todo.Todos.agentTodoClaimedBy;
import static dev.loopx.commands.todo.Todos.idOf;
import static dev.loopx.commands.todo.Todos.userTodo;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.AcquireLease;
import dev.loopx.commands.todo.TodoCommands.ClaimTodo;
import dev.loopx.commands.todo.TodoCommands.ReleaseLease;
import dev.loopx.commands.todo.TodoCommands.RenewLease;
import dev.loopx.commands.todo.TodoCommands.TransferLease;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.TaskLeaseAcquired;
import dev.loopx.ledger.event.TaskLeaseReleased;
import dev.loopx.ledger.event.TaskLeaseRenewed;
import dev.loopx.ledger.event.TaskLeaseTransferred;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hard leases (issue 21): a claim upgraded to a lease that expires. History event {@code i} is
 * recorded at {@code T0 + (i - 1) s}, so a lease of 30 minutes taken at seq 5 expires at
 * {@code T0 + 30 min + 4 s}; {@link #DURING} is before that, {@link #AFTER} after it.
 */
class TaskLeaseDeciderTest {
    private static final String TEXT = "Write the importer";
    private static final String ID = idOf("agent", TEXT);
    private static final Instant DURING = Scenario.T0.plusSeconds(600);
    private static final Instant AFTER = Scenario.T0.plusSeconds(3600);
    private static final List<String> AB = List.of("a", "b");

    private static AcquireLease acquire(String agent, int ttl, Instant now) {
        return new AcquireLease(G, ID, agent, ttl, now);
    }

    @Test
    void givenAnUnclaimedTodo_whenAcquired_thenTheLeaseIsRecorded() {
        Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT))
                .when(views -> TodoDecider.decide(acquire("a", 30, DURING), GoalState.load(views, G)))
                .thenEvents(new TaskLeaseAcquired(ID, "a", 30));
    }

    @Test
    void givenMyClaim_whenAcquired_thenTheClaimIsUpgraded() {
        Scenario.givenGoalWithAgents(G, AB, agentTodoClaimedBy(TEXT, "a"))
                .when(views -> TodoDecider.decide(acquire("a", 30, DURING), GoalState.load(views, G)))
                .thenEvents(new TaskLeaseAcquired(ID, "a", 30));
    }

    @Test
    void givenAnotherAgentsSoftClaim_whenAcquired_thenRefused_claimsAreNeverStolen() {
        Scenario.givenGoalWithAgents(G, AB, agentTodoClaimedBy(TEXT, "b"))
                .when(views -> TodoDecider.decide(acquire("a", 30, AFTER), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.ClaimedByOther(ID, "b"));
    }

    @Test
    void givenAnotherAgentsLiveLease_whenAcquiredOrClaimed_thenRefused() {
        Scenario s = Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT), new TaskLeaseAcquired(ID, "b", 30));
        s.when(views -> TodoDecider.decide(acquire("a", 30, DURING), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.LeasedByOther(ID, "b", "2026-01-01T00:30:04Z"));
        s.when(views -> TodoDecider.decide(new ClaimTodo(G, ID, "a", DURING), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.LeasedByOther(ID, "b", "2026-01-01T00:30:04Z"));
    }

    @Test
    void givenAnotherAgentsExpiredLease_whenAcquiredOrClaimed_thenTheTodoIsFree() {
        Scenario s = Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT), new TaskLeaseAcquired(ID, "b", 30));
        s.when(views -> TodoDecider.decide(acquire("a", 15, AFTER), GoalState.load(views, G)))
                .thenEvents(new TaskLeaseAcquired(ID, "a", 15));
        s.when(views -> TodoDecider.decide(new ClaimTodo(G, ID, "a", AFTER), GoalState.load(views, G)))
                .thenEvents(new TodoClaimed(ID, "a"));
    }

    @Test
    void givenAClaimWithoutTheClock_thenNoLeaseIsTakenOver() {
        Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT), new TaskLeaseAcquired(ID, "b", 1))
                .when(views -> TodoDecider.decide(new ClaimTodo(G, ID, "a"), GoalState.load(views, G)))
                .thenRejected(Rejection.LeasedByOther.class);
    }

    @Test
    void givenMyLiveLease_whenAcquiredAgain_thenRefused_renewInstead() {
        Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT), new TaskLeaseAcquired(ID, "a", 30))
                .when(views -> TodoDecider.decide(acquire("a", 30, DURING), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.LeaseAlreadyHeld(ID, "a", "2026-01-01T00:30:04Z"));
    }

    @Test
    void givenATtlOutsideOneToADay_thenRefused() {
        for (int ttl : new int[] {0, -5, 1441}) {
            Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT))
                    .when(views -> TodoDecider.decide(acquire("a", ttl, DURING), GoalState.load(views, G)))
                    .thenRejectedWith(new Rejection.LeaseTtlOutOfRange(ttl));
        }
        Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT))
                .when(views -> TodoDecider.decide(acquire("a", 1440, DURING), GoalState.load(views, G)))
                .thenEvents(new TaskLeaseAcquired(ID, "a", 1440));
    }

    @Test
    void givenATodoThatIsNotOpen_orDone_orAUserTodo_orAnExcludedOrUnknownAgent_thenAcquireIsRefused() {
        Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT), new TodoUpdated(ID, TEXT, "blocked", ""))
                .when(views -> TodoDecider.decide(acquire("a", 30, DURING), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoNotOpen(ID, "blocked"));
        Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT), new TodoCompleted(ID, "shipped", true, "", List.of()))
                .when(views -> TodoDecider.decide(acquire("a", 30, DURING), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoAlreadyCompleted(ID));
        String user = idOf("user", "Approve");
        Scenario.givenGoalWithAgents(G, AB, userTodo("Approve", "user_action", "", false))
                .when(views -> TodoDecider.decide(new AcquireLease(G, user, "a", 30, DURING), GoalState.load(views, G)))
                .thenRejected(Rejection.NotForThisTodo.class);
        Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT))
                .when(views -> TodoDecider.decide(acquire("zed", 30, DURING), GoalState.load(views, G)))
                .thenRejected(Rejection.AgentNotRegistered.class);
    }

    @Test
    void givenMyLiveLease_whenRenewed_thenItIsExtended_butNotAfterExpiryOrByAnother() {
        Scenario s = Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT), new TaskLeaseAcquired(ID, "a", 30));
        s.when(views -> TodoDecider.decide(new RenewLease(G, ID, "a", 60, DURING), GoalState.load(views, G)))
                .thenEvents(new TaskLeaseRenewed(ID, "a", 60));
        s.when(views -> TodoDecider.decide(new RenewLease(G, ID, "a", 60, AFTER), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.LeaseNotHeld(ID, "a", "expired", "a"));
        s.when(views -> TodoDecider.decide(new RenewLease(G, ID, "b", 60, DURING), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.LeaseNotHeld(ID, "b", "live", "a"));
    }

    @Test
    void givenNoLease_whenRenewedOrReleased_thenRefused() {
        Scenario s = Scenario.givenGoalWithAgents(G, AB, agentTodoClaimedBy(TEXT, "a"));
        s.when(views -> TodoDecider.decide(new RenewLease(G, ID, "a", 30, DURING), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.LeaseNotHeld(ID, "a", "none", ""));
        s.when(views -> TodoDecider.decide(new ReleaseLease(G, ID, "a", DURING), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.LeaseNotHeld(ID, "a", "none", ""));
    }

    @Test
    void givenMyLease_whenReleased_thenReleased_evenAfterExpiry_butNotByAnother() {
        Scenario s = Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT), new TaskLeaseAcquired(ID, "a", 30));
        s.when(views -> TodoDecider.decide(new ReleaseLease(G, ID, "a", DURING), GoalState.load(views, G)))
                .thenEvents(new TaskLeaseReleased(ID, "a"));
        s.when(views -> TodoDecider.decide(new ReleaseLease(G, ID, "a", AFTER), GoalState.load(views, G)))
                .thenEvents(new TaskLeaseReleased(ID, "a"));
        s.when(views -> TodoDecider.decide(new ReleaseLease(G, ID, "b", DURING), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.LeaseNotHeld(ID, "b", "live", "a"));
    }

    @Test
    void givenMyLiveLease_whenTransferredToARegisteredAgent_thenTransferred() {
        Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT), new TaskLeaseAcquired(ID, "a", 30))
                .when(views ->
                        TodoDecider.decide(new TransferLease(G, ID, "a", "b", 20, DURING), GoalState.load(views, G)))
                .thenEvents(new TaskLeaseTransferred(ID, "a", "b", 20));
    }

    @Test
    void givenATransferToAnUnknownAgent_orToMyself_orByANonHolder_orAfterExpiry_thenRefused() {
        Scenario s = Scenario.givenGoalWithAgents(G, AB, agentTodo(TEXT), new TaskLeaseAcquired(ID, "a", 30));
        s.when(views -> TodoDecider.decide(new TransferLease(G, ID, "a", "zed", 20, DURING), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.AgentNotRegistered(G, "zed", AB));
        s.when(views -> TodoDecider.decide(new TransferLease(G, ID, "a", "a", 20, DURING), GoalState.load(views, G)))
                .thenRejected(Rejection.NotForThisTodo.class);
        s.when(views -> TodoDecider.decide(new TransferLease(G, ID, "b", "a", 20, DURING), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.LeaseNotHeld(ID, "b", "live", "a"));
        s.when(views -> TodoDecider.decide(new TransferLease(G, ID, "a", "b", 20, AFTER), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.LeaseNotHeld(ID, "a", "expired", "a"));
    }
}
