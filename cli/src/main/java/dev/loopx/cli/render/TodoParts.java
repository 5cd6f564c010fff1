package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.GateScope;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.Optional;

/** The forms a todo takes inside the read documents: its brief, {@code todo_item_v0} and an open gate's brief. */
public final class TodoParts {
    private TodoParts() {}

    /** {@code {todo_id, role, status, priority, task_class, text, claimed_by}}. */
    public static ObjectNode brief(TodoView t) {
        return fields(Json.object(), t);
    }

    /** The brief, or JSON null for no todo. */
    public static void putBrief(ObjectNode into, String field, Optional<TodoView> t) {
        if (t.isPresent()) {
            into.set(field, brief(t.get()));
        } else {
            into.putNull(field);
        }
    }

    /** {@code todo_item_v0}: the brief with its schema version first. */
    public static ObjectNode item(TodoView t) {
        ObjectNode n = Json.object();
        n.put("schema_version", "todo_item_v0");
        return fields(n, t);
    }

    /**
     * {@code todo_item_v0} as a decision shows it at {@code now}: the item, plus its
     * {@code required_capabilities} when it has any, and its {@code lease_state} with the
     * {@code lease{holder, acquired_at, expires_at, ttl_minutes}} when a lease is recorded (absent: none).
     */
    public static ObjectNode item(TodoView t, Instant now) {
        ObjectNode n = item(t);
        if (!t.requiredCapabilities().isEmpty()) {
            t.requiredCapabilities().forEach(n.putArray("required_capabilities")::add);
        }
        if (t.lease().present()) {
            n.put("lease_state", t.lease().state(now).wire());
            lease(n, t);
        }
        return n;
    }

    /** An open user gate with its question and whom it blocks ({@code scope}: global, agent or unscoped). */
    public static ObjectNode gate(TodoView t) {
        ObjectNode n = Json.object();
        n.put("todo_id", t.todoId());
        n.put("question", t.text());
        n.put("priority", t.priority().wire());
        n.put("scope", GateScope.of(t).wire());
        n.put("blocks_agent", t.blocksAgent());
        return n;
    }

    /**
     * The whole todo, every field of {@link TodoView} in its order, exactly as Jackson's mapper
     * writes the record ({@code TodoPartsTest} holds the two equal): the {@code todo} of a write's
     * answer and the items of {@code loopx_todo_list_v0}. Written by hand so that a write's answer
     * never builds the mapper (about 15 ms of introspection on a cold JVM, ADR 0003).
     */
    public static ObjectNode record(TodoView t) {
        ObjectNode n = Json.object();
        n.put("todo_id", t.todoId());
        n.put("goal_id", t.goalId());
        n.put("role", t.role().wire());
        n.put("status", t.status().wire());
        n.put("text", t.text());
        n.put("task_class", t.taskClass().wire());
        n.put("priority", t.priority().wire());
        n.put("claimed_by", t.claimedBy());
        n.put("blocks_agent", t.blocksAgent());
        n.put("global_gate", t.globalGate());
        t.excludedAgents().forEach(n.putArray("excluded_agents")::add);
        n.put("unblocks_todo_id", t.unblocksTodoId());
        n.put("resume_when", t.resumeWhen());
        n.put("no_followup", t.noFollowup());
        n.put("evidence", t.evidence());
        n.put("decision_outcome", t.decisionOutcome());
        n.put("superseded_by", t.supersededBy());
        t.successorTodoIds().forEach(n.putArray("successor_todo_ids")::add);
        t.requiredCapabilities().forEach(n.putArray("required_capabilities")::add);
        lease(n, t);
        n.put("created_seq", t.createdSeq());
        n.put("updated_seq", t.updatedSeq());
        n.put("validation_command", t.validationCommand());
        n.put("archived_seq", t.archivedSeq());
        n.put("claim_epoch", t.claimEpoch());
        ArrayNode reclaims = n.putArray("reclaims");
        for (TodoView.Reclaim r : t.reclaims()) {
            reclaims.addObject()
                    .put("agent_id", r.agentId())
                    .put("epoch", r.epoch())
                    .put("reason", r.reason());
        }
        return n;
    }

    /** {@code lease{holder, acquired_at, expires_at, ttl_minutes}}. */
    private static void lease(ObjectNode n, TodoView t) {
        ObjectNode lease = n.putObject("lease");
        lease.put("holder", t.lease().holder());
        lease.put("acquired_at", t.lease().acquiredAt());
        lease.put("expires_at", t.lease().expiresAt());
        lease.put("ttl_minutes", t.lease().ttlMinutes());
    }

    private static ObjectNode fields(ObjectNode n, TodoView t) {
        n.put("todo_id", t.todoId());
        n.put("role", t.role().wire());
        n.put("status", t.status().wire());
        n.put("priority", t.priority().wire());
        n.put("task_class", t.taskClass().wire());
        n.put("text", t.text());
        n.put("claimed_by", t.claimedBy());
        return n;
    }
}
