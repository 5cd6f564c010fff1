package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodo;
import static dev.loopx.commands.todo.Todos.idOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.ArchiveCompleted;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoArchived;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoSuperseded;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoView;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code todo archive-completed} (issue 21, backlog hygiene): which finished todos leave the default reads. */
class ArchiveCompletedDeciderTest {
    private static final String A = "Write the importer";
    private static final String B = "Write the docs";
    private static final String C = "Fix the flaky test";
    private static final String D = "Ship it";

    /** A done (seq 3 added, 6 completed), B superseded by D (7), C open; on a goal without agents. */
    private static LoopxEvent[] history() {
        return new LoopxEvent[] {
            agentTodo(A),
            agentTodo(B),
            agentTodo(C),
            new TodoCompleted(idOf("agent", A), "shipped", false, "", List.of()),
            new TodoSuperseded(idOf("agent", B), "folded into D", idOf("agent", D)),
            agentTodo(D)
        };
    }

    private static Scenario given(LoopxEvent... more) {
        List<LoopxEvent> all = new java.util.ArrayList<>(List.of(Scenario.goalWithAgents(List.of())));
        all.addAll(List.of(history()));
        all.addAll(List.of(more));
        return Scenario.given(G, all.toArray(LoopxEvent[]::new));
    }

    @Test
    void givenDoneAndSupersededTodos_whenArchived_thenOneEventNamesBothInCreationOrder_andNoOpenTodo() {
        given().when(views -> TodoDecider.decide(new ArchiveCompleted(G, "", 0), GoalState.load(views, G)))
                .thenEvents(new TodoArchived("", List.of(idOf("agent", A), idOf("agent", B))));
    }

    @Test
    void givenKeepLatestOne_thenTheMostRecentlyFinishedTodoStays() {
        // B was superseded after A was completed: B is the latest finished one
        given().when(views -> TodoDecider.decide(new ArchiveCompleted(G, "", 1), GoalState.load(views, G)))
                .thenEvents(new TodoArchived("", List.of(idOf("agent", A))));
    }

    @Test
    void givenKeepLatestAtLeastTheFinishedCount_thenNothingChanges() {
        given().when(views -> TodoDecider.decide(new ArchiveCompleted(G, "", 2), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void givenEverythingFinishedIsArchived_whenArchivedAgain_thenNothingChanges() {
        given(new TodoArchived("", List.of(idOf("agent", A), idOf("agent", B))))
                .when(views -> TodoDecider.decide(new ArchiveCompleted(G, "", 0), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void givenAnUnknownGoal_thenGoalNotFound() {
        given().when(views -> TodoDecider.decide(new ArchiveCompleted("nope", "", 0), GoalState.load(views, "nope")))
                .thenRejected(Rejection.GoalNotFound.class);
    }

    @Test
    void givenAGoalWithAgents_theOwnerArchivesWithoutAnAgentId_butANamedAgentMustBeRegistered() {
        Scenario s = Scenario.givenGoalWithAgents(
                G, List.of("a"), agentTodo(A), new TodoCompleted(idOf("agent", A), "shipped", true, "", List.of()));
        s.when(views -> TodoDecider.decide(new ArchiveCompleted(G, "", 0), GoalState.load(views, G)))
                .thenEvents(new TodoArchived("", List.of(idOf("agent", A))));
        s.when(views -> TodoDecider.decide(new ArchiveCompleted(G, "a", 0), GoalState.load(views, G)))
                .thenEvents(new TodoArchived("a", List.of(idOf("agent", A))));
        s.when(views -> TodoDecider.decide(new ArchiveCompleted(G, "zed", 0), GoalState.load(views, G)))
                .thenRejected(Rejection.AgentNotRegistered.class);
    }

    @Test
    void givenArchivedTodos_thenTheyLeaveTheDefaultList_butStayReadableById_andCounted() {
        Scenario s = given(new TodoArchived("", List.of(idOf("agent", A), idOf("agent", B))));
        GoalState state = s.compute(views -> GoalState.load(views, G).orElseThrow());
        assertEquals(
                List.of(idOf("agent", C), idOf("agent", D)),
                state.todos().stream().map(TodoView::todoId).toList());
        assertEquals(
                List.of(idOf("agent", A), idOf("agent", B), idOf("agent", C), idOf("agent", D)),
                state.todosIncludingArchived().stream().map(TodoView::todoId).toList());
        assertTrue(state.todo(idOf("agent", A)).orElseThrow().archived());
        assertEquals(2, state.doneCounts().done());
        assertEquals(2, state.doneCounts().archived());
        assertEquals(4, state.todoCount());
    }

    @Test
    void givenOnlyArchivedTodosOfARole_thenThatSectionIsStillNotEmpty() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of(),
                        agentTodo(A),
                        new TodoCompleted(idOf("agent", A), "shipped", true, "", List.of()),
                        new TodoArchived("", List.of(idOf("agent", A))))
                .when(views -> TodoDecider.decide(new TodoCommands.DeclareEmpty(G, "agent"), GoalState.load(views, G)))
                .thenRejected(Rejection.SectionNotEmpty.class);
    }

    @Test
    void givenAnArchivedTodo_whenSettledWithNoFollowUp_thenItIsSettledAndStaysArchived() {
        String id = idOf("agent", A);
        Scenario s = Scenario.givenGoalWithAgents(
                G,
                List.of(),
                agentTodo(A),
                new TodoCompleted(id, "shipped", false, "", List.of()),
                new TodoArchived("", List.of(id)));
        s.when(views -> TodoDecider.decide(
                        new TodoCommands.CompleteTodo(G, id, "", "", true, "", "", "", ""), GoalState.load(views, G)))
                .thenEvents(new TodoCompleted(id, "shipped", true, "", List.of()));
    }
}
