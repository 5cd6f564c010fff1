package dev.loopx.commands.todo;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.todo.TodoCommands.AcquireLease;
import dev.loopx.commands.todo.TodoCommands.ReleaseLease;
import dev.loopx.commands.todo.TodoCommands.RenewLease;
import dev.loopx.commands.todo.TodoCommands.TransferLease;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TaskLeaseAcquired;
import dev.loopx.ledger.event.TaskLeaseReleased;
import dev.loopx.ledger.event.TaskLeaseRenewed;
import dev.loopx.ledger.event.TaskLeaseTransferred;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.TodoRules;
import dev.loopx.projections.todo.TodoLease;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import io.vavr.control.Either;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Pure decisions about hard leases ({@code task-lease}, issue 21): a lease is a claim that expires.
 * Acquire needs an open agent todo that is unclaimed, claimed by the acquirer, or held under a lease
 * that has expired (an expired lease frees the todo); renew, transfer and release only by the
 * holder of a live lease (release also by the holder of an expired one that nobody took over);
 * transfer only to another registered agent the todo does not exclude. A soft claim without a lease
 * is never taken over. The TTL is 1–1440 minutes; every time is the command's {@code now}.
 */
public final class TaskLeaseDecider {
    /** The TTL bounds, in minutes (one minute to one day). */
    public static final int MIN_TTL_MINUTES = 1;

    public static final int MAX_TTL_MINUTES = 1440;

    private TaskLeaseDecider() {}

    public static boolean ttlInRange(int ttlMinutes) {
        return ttlMinutes >= MIN_TTL_MINUTES && ttlMinutes <= MAX_TTL_MINUTES;
    }

    public static Either<Rejection, List<LoopxEvent>> decide(AcquireLease c, Optional<GoalState> state) {
        Either<Rejection, TodoView> leasable = leasable(c.goalId(), c.todoId(), c.agentId(), c.ttlMinutes(), state);
        if (leasable.isLeft()) {
            return Either.left(leasable.getLeft());
        }
        TodoView t = leasable.get();
        if (!t.is(TodoStatus.OPEN)) {
            return Decision.reject(
                    new Rejection.TodoNotOpen(t.todoId(), t.status().wire()));
        }
        if (t.excludedAgents().contains(c.agentId())) {
            return Decision.reject(new Rejection.AgentExcluded(t.todoId(), c.agentId()));
        }
        TodoLease lease = t.lease();
        if (lease.state(c.now()) == TodoLease.State.LIVE) {
            return lease.holder().equals(c.agentId())
                    ? Decision.reject(new Rejection.LeaseAlreadyHeld(t.todoId(), c.agentId(), lease.expiresAt()))
                    : Decision.reject(new Rejection.LeasedByOther(t.todoId(), lease.holder(), lease.expiresAt()));
        }
        String claimant = TodoRules.claimant(t, c.now());
        if (!claimant.isEmpty() && !claimant.equals(c.agentId())) {
            return Decision.reject(new Rejection.ClaimedByOther(t.todoId(), claimant));
        }
        return Decision.accept(new TaskLeaseAcquired(t.todoId(), c.agentId(), c.ttlMinutes()));
    }

    public static Either<Rejection, List<LoopxEvent>> decide(RenewLease c, Optional<GoalState> state) {
        Either<Rejection, TodoView> held =
                heldLive(c.goalId(), c.todoId(), c.agentId(), c.ttlMinutes(), c.now(), state);
        return held.isLeft()
                ? Either.left(held.getLeft())
                : Decision.accept(new TaskLeaseRenewed(c.todoId(), c.agentId(), c.ttlMinutes()));
    }

    public static Either<Rejection, List<LoopxEvent>> decide(TransferLease c, Optional<GoalState> state) {
        Either<Rejection, TodoView> held =
                heldLive(c.goalId(), c.todoId(), c.agentId(), c.ttlMinutes(), c.now(), state);
        if (held.isLeft()) {
            return Either.left(held.getLeft());
        }
        GoalState s = state.get();
        if (s.goal().agent(c.toAgentId()).isEmpty()) {
            return Decision.reject(new Rejection.AgentNotRegistered(
                    c.goalId(), c.toAgentId(), s.goal().agentIds()));
        }
        if (c.toAgentId().equals(c.agentId())) {
            return Decision.reject(
                    new Rejection.NotForThisTodo("a transfer to the holder itself", "another registered agent"));
        }
        if (held.get().excludedAgents().contains(c.toAgentId())) {
            return Decision.reject(new Rejection.AgentExcluded(c.todoId(), c.toAgentId()));
        }
        return Decision.accept(new TaskLeaseTransferred(c.todoId(), c.agentId(), c.toAgentId(), c.ttlMinutes()));
    }

    public static Either<Rejection, List<LoopxEvent>> decide(ReleaseLease c, Optional<GoalState> state) {
        Either<Rejection, TodoView> leasable = leasable(c.goalId(), c.todoId(), c.agentId(), MIN_TTL_MINUTES, state);
        if (leasable.isLeft()) {
            return Either.left(leasable.getLeft());
        }
        TodoLease lease = leasable.get().lease();
        if (!lease.holder().equals(c.agentId())) {
            return Decision.reject(new Rejection.LeaseNotHeld(
                    c.todoId(), c.agentId(), lease.state(c.now()).wire(), lease.holder()));
        }
        return Decision.accept(new TaskLeaseReleased(c.todoId(), c.agentId()));
    }

    /** The todo exists, is an agent todo that is not done, and the acting agent is registered; the TTL is in range. */
    private static Either<Rejection, TodoView> leasable(
            String goalId, String todoId, String agentId, int ttlMinutes, Optional<GoalState> state) {
        if (!ttlInRange(ttlMinutes)) {
            return Either.left(new Rejection.LeaseTtlOutOfRange(ttlMinutes));
        }
        if (state.isEmpty()) {
            return Either.left(new Rejection.GoalNotFound(goalId));
        }
        GoalState s = state.get();
        Optional<TodoView> todo = s.todo(todoId);
        if (todo.isEmpty()) {
            return Either.left(new Rejection.TodoNotFound(todoId));
        }
        if (!s.hasAgents() || s.goal().agent(agentId).isEmpty()) {
            return Either.left(
                    new Rejection.AgentNotRegistered(goalId, agentId, s.goal().agentIds()));
        }
        TodoView t = todo.get();
        if (t.done()) {
            return Either.left(new Rejection.TodoAlreadyCompleted(t.todoId()));
        }
        if (!t.isAgent()) {
            return Either.left(new Rejection.NotForThisTodo("a lease", "agent todos; user todos are the owner's"));
        }
        return Either.right(t);
    }

    /** As {@link #leasable}, and {@code agentId} holds a live lease on it at the command's time. */
    private static Either<Rejection, TodoView> heldLive(
            String goalId, String todoId, String agentId, int ttlMinutes, Instant now, Optional<GoalState> state) {
        Either<Rejection, TodoView> leasable = leasable(goalId, todoId, agentId, ttlMinutes, state);
        if (leasable.isLeft()) {
            return leasable;
        }
        TodoLease lease = leasable.get().lease();
        TodoLease.State at = lease.state(now);
        if (at != TodoLease.State.LIVE || !lease.holder().equals(agentId)) {
            return Either.left(new Rejection.LeaseNotHeld(todoId, agentId, at.wire(), lease.holder()));
        }
        return leasable;
    }
}
