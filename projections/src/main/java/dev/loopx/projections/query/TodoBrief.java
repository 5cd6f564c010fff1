package dev.loopx.projections.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.todo.TodoView;

/** The short form of a todo the read surfaces list ({@code todo_id, role, status, priority, task_class, text, claimed_by}). Pure. */
public final class TodoBrief {
    private TodoBrief() {}

    public static ObjectNode of(TodoView t) {
        ObjectNode n = Json.object();
        n.put("todo_id", t.todoId());
        n.put("role", t.role());
        n.put("status", t.status());
        n.put("priority", t.priority());
        n.put("task_class", t.taskClass());
        n.put("text", t.text());
        n.put("claimed_by", t.claimedBy());
        return n;
    }

    /** An open user gate with its question and whom it blocks ({@code scope}: global, agent or unscoped). */
    public static ObjectNode gate(TodoView t) {
        ObjectNode n = Json.object();
        n.put("todo_id", t.todoId());
        n.put("question", t.text());
        n.put("priority", t.priority());
        n.put("scope", t.globalGate() ? "global" : t.blocksAgent().isEmpty() ? "unscoped" : "agent");
        n.put("blocks_agent", t.blocksAgent());
        return n;
    }
}
