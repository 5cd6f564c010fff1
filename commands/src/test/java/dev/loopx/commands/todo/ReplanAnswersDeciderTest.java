package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodoClaimedBy;
import static dev.loopx.commands.todo.Todos.idOf;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.Checkpoint;
import dev.loopx.commands.todo.TodoCommands.CompleteTodo;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoReplanCheckpointed;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The writes that answer should-run's replan obligation (issue 21, item 1): settling a completion
 * that named no successor with {@code --no-follow-up}, and a replan checkpoint.
 */
class ReplanAnswersDeciderTest {
    private static final String TEXT = "Write the importer";
    private static final String ID = idOf("agent", TEXT);

    private static CompleteTodo settle(String agent, String evidence) {
        return new CompleteTodo(G, ID, agent, evidence, true, "", "", "", "");
    }

    @Test
    void givenACompletionWithoutSuccessor_whenCompletedAgainWithNoFollowUp_thenItIsSettled() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a"),
                        agentTodoClaimedBy(TEXT, "a"),
                        new TodoCompleted(ID, "shipped", false, "", List.of()))
                .when(views -> TodoDecider.decide(settle("a", "nothing else to do"), GoalState.load(views, G)))
                .thenEvents(new TodoCompleted(ID, "nothing else to do", true, "", List.of()));
    }

    @Test
    void givenASettlementWithoutEvidence_thenTheOriginalEvidenceIsKept() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a"),
                        agentTodoClaimedBy(TEXT, "a"),
                        new TodoCompleted(ID, "shipped", false, "", List.of()))
                .when(views -> TodoDecider.decide(settle("a", ""), GoalState.load(views, G)))
                .thenEvents(new TodoCompleted(ID, "shipped", true, "", List.of()));
    }

    @Test
    void givenASettledCompletion_whenSettledAgain_thenNothingChanges() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a"),
                        agentTodoClaimedBy(TEXT, "a"),
                        new TodoCompleted(ID, "shipped", false, "", List.of()),
                        new TodoCompleted(ID, "nothing else", true, "", List.of()))
                .when(views -> TodoDecider.decide(settle("a", "again"), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void givenACompletionWithSuccessors_whenSettled_thenNothingChanges() {
        String next = idOf("agent", "Document it");
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a"),
                        agentTodoClaimedBy(TEXT, "a"),
                        new TodoCompleted(ID, "shipped", false, "", List.of(next)))
                .when(views -> TodoDecider.decide(settle("a", "none"), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void givenAnotherLanesClaim_whenSettled_thenRefused() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a", "b"),
                        agentTodoClaimedBy(TEXT, "a"),
                        new TodoCompleted(ID, "shipped", false, "", List.of()))
                .when(views -> TodoDecider.decide(settle("b", "none"), GoalState.load(views, G)))
                .thenRejected(Rejection.ClaimedByOther.class);
    }

    @Test
    void givenCompletionsSinceTheLastCheckpoint_whenCheckpointed_thenRecorded() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a"),
                        agentTodoClaimedBy(TEXT, "a"),
                        new TodoCompleted(ID, "shipped", false, "", List.of()))
                .when(views -> TodoDecider.decide(new Checkpoint(G, "a", "plan holds"), GoalState.load(views, G)))
                .thenEvents(new TodoReplanCheckpointed("a", "plan holds"));
    }

    @Test
    void givenNothingCompletedSinceTheLastCheckpoint_whenCheckpointed_thenNothingChanges() {
        Scenario.givenGoalWithAgents(G, List.of("a"), agentTodoClaimedBy(TEXT, "a"))
                .when(views -> TodoDecider.decide(new Checkpoint(G, "a", "plan holds"), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void givenAGoalWithAgents_whenCheckpointedWithoutAnAgent_thenRefused() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of("a"),
                        agentTodoClaimedBy(TEXT, "a"),
                        new TodoCompleted(ID, "shipped", false, "", List.of()))
                .when(views -> TodoDecider.decide(new Checkpoint(G, "", "plan holds"), GoalState.load(views, G)))
                .thenRejected(Rejection.AgentIdRequired.class);
    }
}
