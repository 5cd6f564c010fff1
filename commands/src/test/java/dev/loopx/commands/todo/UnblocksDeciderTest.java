package dev.loopx.commands.todo;

import static dev.loopx.commands.todo.Todos.G;
import static dev.loopx.commands.todo.Todos.agentTodo;
import static dev.loopx.commands.todo.Todos.idOf;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.AddTodo;
import dev.loopx.commands.todo.TodoCommands.CompleteTodo;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code todo add --unblocks-todo-id} (issue 21, backlog hygiene): the target must be a todo of the
 * goal that is not done; completing the todo sets a blocked target open in the same append.
 */
class UnblocksDeciderTest {
    private static final String WORK = "Write the importer";
    private static final String WORK_ID = idOf("agent", WORK);
    private static final String GATE = "Approve the importer schema";
    private static final String GATE_ID = idOf("user", GATE);

    private static AddTodo addGateUnblocking(String target) {
        return new AddTodo(
                G,
                TodoRole.USER,
                GATE,
                TaskClass.USER_GATE,
                Priority.NONE,
                "",
                "",
                false,
                List.of(),
                "",
                target,
                List.of());
    }

    private static TodoAdded gateUnblocking(String target) {
        return new TodoAdded(GATE_ID, "user", GATE, "user_gate", "", "", "", false, List.of(), target, "");
    }

    private static TodoUpdated blocked() {
        return new TodoUpdated(WORK_ID, WORK, "blocked", "");
    }

    @Test
    void givenAnOpenTodo_whenAGateNamesIt_thenTheAddRecordsUnblocksTodoId() {
        Scenario.givenGoalWithAgents(G, List.of(), agentTodo(WORK), blocked())
                .when(views -> TodoDecider.decide(addGateUnblocking(WORK_ID), GoalState.load(views, G)))
                .thenEvents(gateUnblocking(WORK_ID));
    }

    @Test
    void givenNoSuchTodo_whenNamed_thenTodoNotFound() {
        Scenario.givenGoalWithAgents(G, List.of(), agentTodo(WORK))
                .when(views -> TodoDecider.decide(addGateUnblocking("todo_0123456789ab"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoNotFound("todo_0123456789ab"));
    }

    @Test
    void givenADoneTodo_whenNamed_thenTodoAlreadyCompleted() {
        Scenario.givenGoalWithAgents(
                        G, List.of(), agentTodo(WORK), new TodoCompleted(WORK_ID, "shipped", true, "", List.of()))
                .when(views -> TodoDecider.decide(addGateUnblocking(WORK_ID), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.TodoAlreadyCompleted(WORK_ID));
    }

    @Test
    void givenABlockedTarget_whenTheGateIsApproved_thenTheTargetIsOpenInTheSameAppend() {
        Scenario.givenGoalWithAgents(G, List.of(), agentTodo(WORK), blocked(), gateUnblocking(WORK_ID))
                .when(views -> TodoDecider.decide(
                        new CompleteTodo(G, GATE_ID, "", "", false, "", "", "", "approve"), GoalState.load(views, G)))
                .thenEvents(
                        new TodoCompleted(GATE_ID, "", false, "approve", List.of()),
                        new TodoUpdated(WORK_ID, WORK, "open", ""));
    }

    @Test
    void givenABlockedTarget_whenTheGateIsRejectedOrCancelled_thenTheTargetStaysBlocked() {
        for (String outcome : List.of("reject", "cancel")) {
            Scenario.givenGoalWithAgents(G, List.of(), agentTodo(WORK), blocked(), gateUnblocking(WORK_ID))
                    .when(views -> TodoDecider.decide(
                            new CompleteTodo(G, GATE_ID, "", "", false, "", "", "", outcome), GoalState.load(views, G)))
                    .thenEvents(new TodoCompleted(GATE_ID, "", false, outcome, List.of()));
        }
    }

    @Test
    void givenATargetThatIsNoLongerBlocked_whenCompleted_thenNothingElseIsWritten() {
        Scenario.givenGoalWithAgents(
                        G,
                        List.of(),
                        agentTodo(WORK),
                        blocked(),
                        gateUnblocking(WORK_ID),
                        new TodoUpdated(WORK_ID, WORK, "deferred", "resume_at:2026-02-01T00:00:00Z"))
                .when(views -> TodoDecider.decide(
                        new CompleteTodo(G, GATE_ID, "", "", false, "", "", "", "approve"), GoalState.load(views, G)))
                .thenEvents(new TodoCompleted(GATE_ID, "", false, "approve", List.of()));
    }

    @Test
    void givenAnAgentTodoThatUnblocksAnother_whenCompleted_thenTheOtherIsOpen() {
        String first = "Write the schema";
        String firstId = idOf("agent", first);
        Scenario.givenGoalWithAgents(
                        G,
                        List.of(),
                        agentTodo(WORK),
                        blocked(),
                        new TodoAdded(
                                firstId, "agent", first, "advancement_task", "", "", "", false, List.of(), WORK_ID, ""))
                .when(views -> TodoDecider.decide(
                        new CompleteTodo(G, firstId, "", "schema merged", false, "", "", "", "", "./mvnw -q test"),
                        GoalState.load(views, G)))
                .thenEvents(
                        new TodoCompleted(firstId, "schema merged", false, "", List.of(), "./mvnw -q test"),
                        new TodoUpdated(WORK_ID, WORK, "open", ""));
    }
}
