package dev.loopx.application.todo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.Invocation;
import dev.loopx.application.Invocations;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.RegisterAgents;
import dev.loopx.commands.goal.GoalDecider;
import dev.loopx.commands.goal.RegisterGoal;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.commands.todo.TodoCommands;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "List a goal's todos" below the CLI, on a real runtime root: order and what one lane sees. */
class ListTodosTest {
    private static final WriteOptions OWNER = new WriteOptions(new Actor(ActorKind.OWNER, "test"), "", false);

    @TempDir
    Path dir;

    private Invocation invocation;

    @BeforeEach
    void aGoalWithTwoLanes() {
        Path root = dir.resolve(".loopx");
        LoopxRuntime.initialise(root);
        invocation = Invocations.sandboxed(Instant.parse("2026-12-01T10:00:00Z"), root, dir, dir);
        assertTrue(GoalWrites.run(
                        invocation,
                        new GoalWrites.Request(
                                "g1",
                                OWNER.actor(),
                                "",
                                Intent.NONE,
                                false,
                                (goal, views) -> GoalDecider.decide(
                                        new RegisterGoal("g1", "Ship it", "p"), goal.map(GoalState::goal))))
                .isRight());
        assertTrue(GoalWrites.run(
                        invocation,
                        OWNER,
                        new GoalWrite.Agents(new RegisterAgents("g1", List.of("a", "b"), "goal", false)))
                .isRight());
        add(TodoRole.AGENT, "Low priority work", TaskClass.ADVANCEMENT_TASK, Priority.P3, "", "");
        add(TodoRole.AGENT, "Claimed by a", TaskClass.ADVANCEMENT_TASK, Priority.NONE, "a", "");
        add(TodoRole.AGENT, "Urgent work", TaskClass.ADVANCEMENT_TASK, Priority.P0, "", "");
        add(TodoRole.USER, "Approve a's schema", TaskClass.USER_GATE, Priority.NONE, "", "a");
    }

    private void add(
            TodoRole role, String text, TaskClass taskClass, Priority priority, String claimedBy, String blocks) {
        var added = AddTodo.taskClass(role, Optional.ofNullable(taskClass))
                .flatMap(c -> AddTodo.run(
                        invocation,
                        OWNER,
                        new TodoCommands.AddTodo(
                                "g1", role, text, c, priority, claimedBy, blocks, false, List.of(), "")));
        assertTrue(added.isRight(), () -> added.getLeft().toString());
    }

    private List<String> texts(ListTodos.Request request) {
        return ListTodos.run(invocation, request).get().stream()
                .map(TodoView::text)
                .toList();
    }

    @Test
    void todosAreInPriorityOrder_thenCreationOrder_withoutPriorityLast() {
        assertEquals(
                List.of("Urgent work", "Low priority work", "Claimed by a", "Approve a's schema"),
                texts(new ListTodos.Request("g1", Optional.empty(), "", "")));
        assertEquals(
                List.of("Approve a's schema"),
                texts(new ListTodos.Request("g1", Optional.of(TodoStatus.OPEN), "user", "")));
    }

    @Test
    void aLaneSeesNeitherAnotherLanesClaimNorAnotherLanesGate() {
        assertEquals(
                List.of("Urgent work", "Low priority work"),
                texts(new ListTodos.Request("g1", Optional.empty(), "", "b")));
        assertEquals(
                List.of("Urgent work", "Low priority work", "Claimed by a", "Approve a's schema"),
                texts(new ListTodos.Request("g1", Optional.empty(), "", "a")));
    }

    @Test
    void anUnknownGoalIsRefused() {
        assertInstanceOf(
                Rejection.GoalNotFound.class,
                ListTodos.run(invocation, new ListTodos.Request("nope", Optional.empty(), "", ""))
                        .getLeft());
    }
}
