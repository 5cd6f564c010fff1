package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoLease;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link TodoParts#record} writes a todo exactly as Jackson's mapper writes the record: the same
 * fields, values and order (a field added to {@link TodoView} and not to the hand-written JSON
 * fails here).
 */
class TodoPartsTest {
    @Property(tries = 300)
    void theRecordIsWrittenAsTheMapperWritesIt(@ForAll("todos") TodoView todo) throws Exception {
        JsonNode byMapper = Json.mapper().valueToTree(todo);
        assertEquals(Json.text(byMapper), Json.text(TodoParts.record(todo)));
        assertEquals(byMapper, TodoParts.record(todo));
    }

    @Provide
    Arbitrary<TodoView> todos() {
        Arbitrary<String> text = Arbitraries.oneOf(
                Arbitraries.just(""),
                Arbitraries.strings().ofMaxLength(12),
                Arbitraries.strings().all().ofMaxLength(20));
        Arbitrary<List<String>> texts = text.list().ofMaxSize(3);
        Arbitrary<Long> seq = Arbitraries.longs().between(0, Long.MAX_VALUE);
        Arbitrary<TodoLease> lease =
                Combinators.combine(text, text, text, Arbitraries.integers()).as(TodoLease::new);
        Arbitrary<List<TodoView.Reclaim>> reclaims = Combinators.combine(text, seq, text)
                .as(TodoView.Reclaim::new)
                .list()
                .ofMaxSize(2);
        Arbitrary<TodoView> head = Combinators.combine(
                        text,
                        text,
                        Arbitraries.of(TodoRole.class),
                        Arbitraries.of(TodoStatus.class),
                        text,
                        Arbitraries.of(TaskClass.class),
                        Arbitraries.of(Priority.class),
                        text)
                .as((id, goal, role, status, t, taskClass, priority, claimedBy) -> new TodoView(
                        id,
                        goal,
                        role,
                        status,
                        t,
                        taskClass,
                        priority,
                        claimedBy,
                        "",
                        false,
                        List.of(),
                        "",
                        "",
                        false,
                        "",
                        "",
                        "",
                        List.of(),
                        List.of(),
                        TodoLease.NONE,
                        0,
                        0,
                        "",
                        0,
                        0,
                        List.of()));
        Arbitrary<TodoView> middle = Combinators.combine(
                        head, text, Arbitraries.of(true, false), texts, text, text, Arbitraries.of(true, false), text)
                .as((v, blocks, gate, excluded, unblocks, resume, noFollowup, evidence) -> new TodoView(
                        v.todoId(),
                        v.goalId(),
                        v.role(),
                        v.status(),
                        v.text(),
                        v.taskClass(),
                        v.priority(),
                        v.claimedBy(),
                        blocks,
                        gate,
                        excluded,
                        unblocks,
                        resume,
                        noFollowup,
                        evidence,
                        "",
                        "",
                        List.of(),
                        List.of(),
                        TodoLease.NONE,
                        0,
                        0,
                        "",
                        0,
                        0,
                        List.of()));
        Arbitrary<TodoView> tail = Combinators.combine(middle, text, text, texts, texts, lease, seq, seq)
                .as((v, outcome, superseded, successors, capabilities, l, created, updated) -> new TodoView(
                        v.todoId(),
                        v.goalId(),
                        v.role(),
                        v.status(),
                        v.text(),
                        v.taskClass(),
                        v.priority(),
                        v.claimedBy(),
                        v.blocksAgent(),
                        v.globalGate(),
                        v.excludedAgents(),
                        v.unblocksTodoId(),
                        v.resumeWhen(),
                        v.noFollowup(),
                        v.evidence(),
                        outcome,
                        superseded,
                        successors,
                        capabilities,
                        l,
                        created,
                        updated,
                        "",
                        0,
                        0,
                        List.of()));
        return Combinators.combine(tail, text, seq, seq, reclaims)
                .as((v, validation, archived, epoch, r) -> new TodoView(
                        v.todoId(),
                        v.goalId(),
                        v.role(),
                        v.status(),
                        v.text(),
                        v.taskClass(),
                        v.priority(),
                        v.claimedBy(),
                        v.blocksAgent(),
                        v.globalGate(),
                        v.excludedAgents(),
                        v.unblocksTodoId(),
                        v.resumeWhen(),
                        v.noFollowup(),
                        v.evidence(),
                        v.decisionOutcome(),
                        v.supersededBy(),
                        v.successorTodoIds(),
                        v.requiredCapabilities(),
                        v.lease(),
                        v.createdSeq(),
                        v.updatedSeq(),
                        validation,
                        archived,
                        epoch,
                        r));
    }
}
