package dev.loopx.application.goal;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.composition.ScheduledLedgerCheck;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.AgentDecider;
import dev.loopx.commands.agent.ThreadBindingDecider;
import dev.loopx.commands.gate.GateDecider;
import dev.loopx.commands.goal.GoalDecider;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.commands.quota.QuotaDecider;
import dev.loopx.commands.reward.RewardDecider;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.commands.scheduler.SchedulerDecider;
import dev.loopx.commands.todo.TodoCommands;
import dev.loopx.commands.todo.TodoDecider;
import dev.loopx.commands.todo.TodoIds;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.goal.GoalView;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.todo.TodoView;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The one way a use case writes to a goal: open the runtime root, decide against the goal's state
 * as the write path sees it (current under the lock), then either preview (append nothing) or
 * append through {@link LoopxRuntime#write} — and answer with the goal's state afterwards. This
 * service, not its caller, chooses the state a decider sees.
 */
public final class GoalWrites {
    private GoalWrites() {}

    /** A pure decision over the goal's state (empty when the goal is not registered) and, for the few that need it, all views. */
    @FunctionalInterface
    public interface Decision {
        Either<Rejection, List<LoopxEvent>> decide(Optional<GoalState> goal, Views views);
    }

    /**
     * One write: who writes, under which idempotency key ({@code operationId} empty means none) and
     * intent, and whether it is only previewed.
     */
    public record Request(
            String goalId,
            Actor actor,
            String operationId,
            Intent intent,
            boolean preview,
            Decision decision,
            String todoId,
            boolean quotaAfter) {
        /** A write about no particular todo that needs no quota afterwards. */
        public Request(
                String goalId, Actor actor, String operationId, Intent intent, boolean preview, Decision decision) {
            this(goalId, actor, operationId, intent, preview, decision, "", false);
        }

        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(actor, "actor");
            Objects.requireNonNull(operationId, "operationId");
            Objects.requireNonNull(intent, "intent");
            Objects.requireNonNull(decision, "decision");
            Objects.requireNonNull(todoId, "todoId");
        }
    }

    /**
     * What happened, with the goal after it (or now, for a preview) and the todo the write is
     * about, if any, as it is then. All are values read before the runtime closes (a done todo is
     * read from the store on demand, {@link GoalState#todo}), so a caller never holds a live state.
     */
    public sealed interface Outcome {
        /** The goal's view after the write (now, for a preview); empty when the goal is not registered. */
        Optional<GoalView> goal();

        Optional<TodoView> todo();

        /** The goal's quota at {@code now}, for quota writes (empty for the others and for a missing goal). */
        Optional<QuotaStatus> quota();

        /** Nothing was appended; these events would have been. */
        record Previewed(
                List<ProposedEvent> wouldAppend,
                Optional<GoalView> goal,
                Optional<TodoView> todo,
                Optional<QuotaStatus> quota)
                implements Outcome {
            public Previewed {
                wouldAppend = List.copyOf(wouldAppend);
            }
        }

        /** The write ran: its receipt (no events when the decision changed nothing; the original one for a replay). */
        record Written(Receipt receipt, Optional<GoalView> goal, Optional<TodoView> todo, Optional<QuotaStatus> quota)
                implements Outcome {}
    }

    /** Runs one typed goal write: the decider and the state it sees are chosen here, the intent by {@link Intents}. */
    public static Either<Rejection, Outcome> run(Invocation invocation, WriteOptions options, GoalWrite write) {
        return run(invocation, request(options, write));
    }

    /** The request of one typed goal write (for a use case that runs it on a runtime it holds open). */
    public static Request request(WriteOptions options, GoalWrite write) {
        return new Request(
                write.goalId(),
                options.actor(),
                options.operationId(),
                Intents.of(write),
                options.preview(),
                decision(write),
                todoIdOf(write),
                write instanceof GoalWrite.Quota);
    }

    /** The todo a write is about (empty when it is about none). */
    static String todoIdOf(GoalWrite write) {
        return write instanceof GoalWrite.Todo t
                ? switch (t.command()) {
                    case TodoCommands.AddTodo c ->
                        TodoIds.of(c.goalId(), c.role().wire(), c.text());
                    case TodoCommands.ClaimTodo c -> c.todoId();
                    case TodoCommands.ReclaimTodo c -> c.todoId();
                    case TodoCommands.UpdateTodo c -> c.todoId();
                    case TodoCommands.CompleteTodo c -> c.todoId();
                    case TodoCommands.SupersedeTodo c -> c.todoId();
                    case TodoCommands.DeclareEmpty c -> "";
                    case TodoCommands.Checkpoint c -> "";
                    case TodoCommands.ArchiveCompleted c -> "";
                    case TodoCommands.AcquireLease c -> c.todoId();
                    case TodoCommands.RenewLease c -> c.todoId();
                    case TodoCommands.TransferLease c -> c.todoId();
                    case TodoCommands.ReleaseLease c -> c.todoId();
                }
                : "";
    }

    /** The decider of each write, over the state it needs (exhaustive). */
    static Decision decision(GoalWrite write) {
        return switch (write) {
            case GoalWrite.Todo t -> (goal, views) -> TodoDecider.decide(t.command(), goal);
            case GoalWrite.Quota q -> (goal, views) -> QuotaDecider.decide(q.command(), goal);
            case GoalWrite.Scheduler s -> (goal, views) -> SchedulerDecider.decide(s.command(), goal, views);
            case GoalWrite.Gate g -> (goal, views) -> GateDecider.decide(g.command(), goal);
            case GoalWrite.Reward r -> (goal, views) -> RewardDecider.decide(r.command(), goal);
            case GoalWrite.Agents a -> (goal, views) -> AgentDecider.decide(a.command(), goal);
            case GoalWrite.HostThread t -> (goal, views) -> ThreadBindingDecider.decide(t.command(), goal, views);
            case GoalWrite.Lifecycle l -> (goal, views) -> GoalDecider.decide(l.command(), goal.map(GoalState::goal));
        };
    }

    public static Either<Rejection, Outcome> run(Invocation invocation, Request request) {
        LoopxRuntime.WriteContext write = new LoopxRuntime.WriteContext(
                invocation.now(), request.goalId(), request.actor(), request.operationId(), request.intent());
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            Either<Rejection, Outcome> outcome = run(runtime, write, request);
            if (!request.preview()) {
                ScheduledLedgerCheck.startWhenDue(invocation, runtime);
            }
            return outcome;
        }
    }

    /** The same on a runtime the caller already holds open (several writes in one invocation). */
    public static Either<Rejection, Outcome> run(
            LoopxRuntime runtime, LoopxRuntime.WriteContext write, Request request) {
        String goalId = request.goalId();
        if (request.preview()) {
            return runtime.preview(write, views -> request.decision().decide(GoalState.load(views, goalId), views))
                    .map(events -> {
                        Optional<GoalState> after = GoalState.load(runtime.views(), goalId);
                        return new Outcome.Previewed(
                                events,
                                after.map(GoalState::goal),
                                todo(after, request.todoId()),
                                quota(after, request, write));
                    });
        }
        return runtime.write(write, views -> request.decision().decide(GoalState.load(views, goalId), views))
                .map(receipt -> {
                    Optional<GoalState> after = GoalState.load(runtime.views(), goalId);
                    return new Outcome.Written(
                            receipt,
                            after.map(GoalState::goal),
                            todo(after, request.todoId()),
                            quota(after, request, write));
                });
    }

    private static Optional<TodoView> todo(Optional<GoalState> goal, String todoId) {
        return todoId.isEmpty() ? Optional.empty() : goal.flatMap(g -> g.todo(todoId));
    }

    /** Only for quota writes: reading the spends in the window costs a range read the other writes never pay. */
    private static Optional<QuotaStatus> quota(
            Optional<GoalState> goal, Request request, LoopxRuntime.WriteContext write) {
        return request.quotaAfter()
                ? goal.map(g -> QuotaStatus.at(g.goal().quota(), g.quota(), write.now()))
                : Optional.empty();
    }
}
