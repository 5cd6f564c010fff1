package dev.loopx.application.todo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.Invocation;
import dev.loopx.application.Invocations;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.goal.GoalDecider;
import dev.loopx.commands.goal.RegisterGoal;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.commands.todo.TodoCommands;
import dev.loopx.commands.todo.TodoIds;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import io.vavr.control.Either;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "Add a todo" below the CLI, on a real runtime root (Chronicle + SQLite through the composition root). */
class AddTodoTest {
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static final WriteOptions OWNER = new WriteOptions(new Actor(ActorKind.OWNER, "test"), "", false);

    @TempDir
    Path dir;

    private Invocation invocation;

    @BeforeEach
    void aRegisteredGoal() {
        Path root = dir.resolve(".loopx");
        LoopxRuntime.initialise(root);
        invocation = Invocations.sandboxed(NOW, root, dir.resolve("home"), dir);
        var registered = GoalWrites.run(
                invocation,
                new GoalWrites.Request(
                        "g1",
                        OWNER.actor(),
                        "",
                        Intent.NONE,
                        false,
                        (goal, views) ->
                                GoalDecider.decide(new RegisterGoal("g1", "Ship it", "p"), goal.map(GoalState::goal))));
        assertTrue(registered.isRight(), () -> registered.getLeft().toString());
    }

    /** The todo as {@code todo add} asks for it: the role's default class when {@code taskClass} is null. */
    private static Either<Rejection, TodoCommands.AddTodo> todo(
            TodoRole role, TaskClass taskClass, String claimedBy, String blocksAgent) {
        return AddTodo.taskClass(role, Optional.ofNullable(taskClass))
                .map(c -> new TodoCommands.AddTodo(
                        "g1",
                        role,
                        "Write the importer",
                        c,
                        Priority.NONE,
                        claimedBy,
                        blocksAgent,
                        false,
                        List.of(),
                        ""));
    }

    /** Adds {@code todo} as {@code as}, or its refusal as it is. */
    private Either<Rejection, GoalWrites.Outcome> add(WriteOptions as, Either<Rejection, TodoCommands.AddTodo> todo) {
        return todo.flatMap(t -> AddTodo.run(invocation, as, t));
    }

    @Test
    void anAgentTodoGetsAdvancementTaskByDefault_andAddingItAgainChangesNothing() {
        var first = add(OWNER, todo(TodoRole.AGENT, null, "", ""));
        GoalWrites.Outcome.Written written = assertInstanceOf(GoalWrites.Outcome.Written.class, first.get());
        assertEquals(List.of("todo.added"), written.receipt().eventTypes());
        String id = TodoIds.of("g1", "agent", "Write the importer");
        assertEquals(TaskClass.ADVANCEMENT_TASK, written.todo().orElseThrow().taskClass());
        var again = add(OWNER, todo(TodoRole.AGENT, null, "", ""));
        assertEquals(
                List.of(), ((GoalWrites.Outcome.Written) again.get()).receipt().eventTypes());
    }

    @Test
    void theDomainRulesHoldForEveryCaller_andARefusedAddOpensNothing() throws Exception {
        byte[] before = ledgerBytes();
        assertInstanceOf(
                Rejection.TaskClassRequired.class,
                add(OWNER, todo(TodoRole.USER, null, "", "")).getLeft());
        assertInstanceOf(
                Rejection.TaskClassNotForRole.class,
                add(OWNER, todo(TodoRole.USER, TaskClass.BLOCKER, "", "")).getLeft());
        assertInstanceOf(
                Rejection.TaskClassNotForRole.class,
                add(OWNER, todo(TodoRole.AGENT, TaskClass.USER_GATE, "", "")).getLeft());
        assertInstanceOf(
                Rejection.NotForThisTodo.class,
                add(OWNER, todo(TodoRole.USER, TaskClass.USER_GATE, "builder", ""))
                        .getLeft());
        assertInstanceOf(
                Rejection.NotForThisTodo.class,
                add(OWNER, todo(TodoRole.USER, TaskClass.USER_ACTION, "", "builder"))
                        .getLeft());
        assertInstanceOf(
                Rejection.NotForThisTodo.class,
                add(OWNER, todo(TodoRole.AGENT, TaskClass.ADVANCEMENT_TASK, "", "builder"))
                        .getLeft());
        assertArrayEquals(before, ledgerBytes(), "a refused add changes no byte of the ledger");
    }

    @Test
    void aPreviewAppendsNothing() throws Exception {
        byte[] before = ledgerBytes();
        var preview = add(new WriteOptions(OWNER.actor(), "", true), todo(TodoRole.USER, TaskClass.USER_GATE, "", ""));
        GoalWrites.Outcome.Previewed p = assertInstanceOf(GoalWrites.Outcome.Previewed.class, preview.get());
        assertEquals("todo.added", p.wouldAppend().get(0).type());
        assertArrayEquals(before, ledgerBytes());
    }

    private byte[] ledgerBytes() throws Exception {
        try (Stream<Path> files = Files.walk(invocation.runtimeRoot().resolve("ledger"))) {
            var out = new java.io.ByteArrayOutputStream();
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                out.write(Files.readAllBytes(f));
            }
            return out.toByteArray();
        }
    }
}
