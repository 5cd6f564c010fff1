package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The next agent todo per lane: for every registered agent (or the one lane asked for) the first
 * todo of {@link TodoRules#laneWork} (its own claim first, then unclaimed work in
 * {@link TodoRules#ORDER}: the todo {@code quota should-run} selects for {@code normal_run}, for a
 * lane that declared no capabilities), plus the first unclaimed todo nobody is excluded from
 * ({@code unassigned}). Pure.
 */
public record Lanes(List<Lane> lanes, Optional<TodoView> unassigned) {
    public Lanes {
        lanes = List.copyOf(lanes);
        Objects.requireNonNull(unassigned, "unassigned");
    }

    /** One lane and the todo it would run next (empty: nothing runnable). */
    public record Lane(String agentId, Optional<TodoView> todo) {}

    /** Every registered agent's lane, or only {@code agentId}'s when it is given. */
    public static Lanes of(GoalState s, String agentId, Instant now) {
        List<String> agents = agentId.isEmpty() ? s.goal().agentIds() : List.of(agentId);
        List<Lane> lanes = new ArrayList<>();
        for (String agent : agents) {
            lanes.add(new Lane(agent, next(s, agent, now)));
        }
        return new Lanes(lanes, unassigned(s, now));
    }

    private static Optional<TodoView> next(GoalState s, String agentId, Instant now) {
        return TodoRules.laneWork(s, agentId, List.of(), now).stream().findFirst();
    }

    /** The first open advancement todo nobody has claimed. */
    private static Optional<TodoView> unassigned(GoalState s, Instant now) {
        return s.openTodos().stream()
                .filter(t -> TodoRules.runnableFor(s, t, "", now)
                        && TodoRules.claimant(t, now).isEmpty())
                .sorted(TodoRules.ORDER)
                .findFirst();
    }
}
