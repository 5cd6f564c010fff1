package dev.loopx.application.todo;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.query.TodoRules;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import io.vavr.control.Either;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case "list a goal's todos" ({@code todo list}, SPEC §S4): every todo, open and done, in
 * priority order (no priority last) then creation order, narrowed by status, role and what one
 * agent may see. Archived todos ({@code todo archive-completed}) are left out unless asked for.
 * Reads only; never takes the write lock.
 */
public final class ListTodos {
    private ListTodos() {}

    /**
     * @param status empty for all
     * @param role {@code user|agent} (the wire spelling, as a caller received it), empty for both roles
     * @param agentId empty for every lane; else only what that agent sees: user todos that are not
     *     gates of another lane, agent todos it is not excluded from and that no other agent claimed
     * @param includeArchived list archived todos too
     */
    public record Request(
            String goalId, Optional<TodoStatus> status, String role, String agentId, boolean includeArchived) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(agentId, "agentId");
        }

        /** The default read: archived todos left out. */
        public Request(String goalId, Optional<TodoStatus> status, String role, String agentId) {
            this(goalId, status, role, agentId, false);
        }
    }

    private static final Comparator<TodoView> ORDER =
            Comparator.comparingInt((TodoView t) -> t.priority().rank()).thenComparingLong(TodoView::createdSeq);

    public static Either<Rejection, List<TodoView>> run(Invocation invocation, Request r) {
        Optional<TodoRole> role = r.role().isEmpty()
                ? Optional.empty()
                : Optional.of(TodoRole.fromWire(r.role())
                        .orElseThrow(
                                () -> new InvalidRequest("invalid_enum", Flag.ROLE, "must be one of: user, agent")));
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            Optional<GoalState> goal = GoalState.load(runtime.views(), r.goalId());
            if (goal.isEmpty()) {
                return Either.left(new Rejection.GoalNotFound(r.goalId()));
            }
            List<TodoView> todos = r.includeArchived()
                    ? goal.get().todosIncludingArchived()
                    : goal.get().todos();
            return Either.right(todos.stream()
                    .filter(t -> r.status().isEmpty() || t.is(r.status().get()))
                    .filter(t -> role.isEmpty() || t.role() == role.get())
                    .filter(t -> r.agentId().isEmpty() || visibleTo(t, r.agentId(), invocation.now()))
                    .sorted(ORDER)
                    .toList());
        }
    }

    private static boolean visibleTo(TodoView t, String agent, Instant now) {
        if (t.isUser()) {
            return t.globalGate()
                    || t.blocksAgent().isEmpty()
                    || t.blocksAgent().equals(agent);
        }
        return !t.excludedAgents().contains(agent)
                && (TodoRules.claimant(t, now).isEmpty()
                        || TodoRules.claimant(t, now).equals(agent));
    }
}
