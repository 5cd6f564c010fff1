package dev.loopx.projections.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The next agent todo per lane: for every registered agent the first todo it may run now
 * ({@link TodoRules#runnableFor}, ordered by {@link TodoRules#ORDER}), plus the first unclaimed
 * todo nobody is excluded from ({@code unassigned}). Pure.
 */
public final class Lanes {
    private Lanes() {}

    public static Optional<TodoView> next(GoalState s, String agentId, Instant now) {
        return s.openTodos().stream()
                .filter(t -> TodoRules.runnableFor(s, t, agentId, now))
                .sorted(TodoRules.ORDER)
                .findFirst();
    }

    /** The first open advancement todo nobody has claimed. */
    public static Optional<TodoView> unassigned(GoalState s, Instant now) {
        return s.openTodos().stream()
                .filter(t ->
                        TodoRules.runnableFor(s, t, "", now) && t.claimedBy().isEmpty())
                .sorted(TodoRules.ORDER)
                .findFirst();
    }

    /** {@code {lanes: [{agent_id, todo|null}], unassigned: todo|null}}; one lane when {@code agentId} is given. */
    public static ObjectNode toJson(GoalState s, String agentId, Instant now) {
        ObjectNode n = dev.loopx.ledger.json.Json.object();
        var lanes = n.putArray("lanes");
        List<String> agents = agentId.isEmpty() ? s.goal().agentIds() : List.of(agentId);
        for (String agent : agents) {
            ObjectNode lane = lanes.addObject().put("agent_id", agent);
            set(lane, "todo", next(s, agent, now));
        }
        set(n, "unassigned", unassigned(s, now));
        return n;
    }

    private static void set(ObjectNode n, String field, Optional<TodoView> todo) {
        if (todo.isPresent()) {
            n.set(field, TodoBrief.of(todo.get()));
        } else {
            n.putNull(field);
        }
    }
}
