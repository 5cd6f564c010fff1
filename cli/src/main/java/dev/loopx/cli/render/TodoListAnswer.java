package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.projections.todo.TodoView;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx todo list}'s answer, {@code loopx_todo_list_v0}: a goal's todos as the read returned
 * them, each a {@code todo_item_v0} with its {@code lease_state} at {@code now}.
 *
 * <p>Its text is one line of counts ({@code 3 todos in goal g (2 for agents, 1 for the owner)}) and
 * a compact table: id, who, priority, status, claim, text with its gate or class and whether it is
 * archived.
 *
 * @param goalId          the goal listed
 * @param includeArchived whether archived todos were asked for
 * @param todos           the todos, in the read's order
 * @param now             the command's time, for each lease's state
 */
public record TodoListAnswer(String goalId, boolean includeArchived, List<TodoView> todos, Instant now)
        implements RenderedAnswer {
    public TodoListAnswer {
        Objects.requireNonNull(goalId, "goalId");
        todos = List.copyOf(todos);
        Objects.requireNonNull(now, "now");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_todo_list_v0", true);
        doc.put("goal_id", goalId);
        doc.put("count", todos.size());
        doc.put("include_archived", includeArchived);
        ArrayNode items = doc.putArray("todos");
        todos.forEach(t -> items.add(TodoParts.record(t)
                .put("schema_version", "todo_item_v0")
                .put("lease_state", t.lease().state(now).wire())));
        return doc;
    }

    void text(PrintWriter out) {
        long user = todos.stream().filter(TodoView::isUser).count();
        long agent = todos.size() - user;
        out.println(Words.count(todos.size(), "todo") + " in goal " + goalId
                + (todos.isEmpty() ? "" : " (" + agent + " for agents, " + user + " for the owner)"));
        Table table = new Table("  ", "ID", "FOR", "PRI", "STATUS", "CLAIMED BY", "TEXT");
        for (TodoView t : todos) {
            table.row(
                    t.todoId(),
                    t.isUser() ? "owner" : "agent",
                    dash(t.priority().wire()),
                    t.status().wire(),
                    dash(t.claimedBy()),
                    t.text() + TodoText.scope(t) + (t.archived() ? "  (archived)" : ""));
        }
        if (!table.isEmpty()) {
            table.print(out);
        }
    }

    private static String dash(String value) {
        return value.isEmpty() ? "-" : value;
    }
}
