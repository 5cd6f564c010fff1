package dev.loopx.commands.todo;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.AgentDecider;
import dev.loopx.commands.todo.TodoCommands.AddTodo;
import dev.loopx.commands.todo.TodoCommands.ArchiveCompleted;
import dev.loopx.commands.todo.TodoCommands.Checkpoint;
import dev.loopx.commands.todo.TodoCommands.ClaimTodo;
import dev.loopx.commands.todo.TodoCommands.CompleteTodo;
import dev.loopx.commands.todo.TodoCommands.DeclareEmpty;
import dev.loopx.commands.todo.TodoCommands.ReclaimTodo;
import dev.loopx.commands.todo.TodoCommands.SupersedeTodo;
import dev.loopx.commands.todo.TodoCommands.UpdateTodo;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCapabilitiesRequired;
import dev.loopx.ledger.event.TodoClaimCleared;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoReclaimed;
import dev.loopx.ledger.event.TodoReplanCheckpointed;
import dev.loopx.ledger.event.TodoSectionDeclaredEmpty;
import dev.loopx.ledger.event.TodoSuperseded;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.ReplanObligation;
import dev.loopx.projections.query.TodoRules;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoLease;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Pure decisions about todos (SPEC §S4, §S5). Claims never steal; a done todo is terminal;
 * successors are created in the same append as the completion; on goals with registered agents
 * the acting agent must be named and must match the claim — except that the owner acts on user
 * todos (gates and reminders) without an agent id.
 */
public final class TodoDecider {
    private TodoDecider() {}

    /**
     * The rules an add must satisfy whatever the goal's state (checked first by {@link #decide},
     * and by callers that refuse bad input before opening anything): a todo's class belongs to its
     * role; only agent todos are claimed or exclude agents; only user gates have a gate scope.
     */
    public static Optional<Rejection> admissible(AddTodo c) {
        if (c.taskClass().role() != c.role()) {
            return Optional.of(new Rejection.TaskClassNotForRole(
                    c.role().wire(),
                    c.taskClass().wire(),
                    TaskClass.allowedFor(c.role()).stream().map(TaskClass::wire).toList()));
        }
        if (c.role() == TodoRole.USER && !c.claimedBy().isEmpty()) {
            return Optional.of(
                    new Rejection.NotForThisTodo("a claim (claimed_by)", "agent todos; user todos are the owner's"));
        }
        if (c.taskClass() != TaskClass.USER_GATE && (!c.blocksAgent().isEmpty() || c.globalGate())) {
            return Optional.of(
                    new Rejection.NotForThisTodo("a gate scope (blocks_agent / global_gate)", "user_gate todos only"));
        }
        if (c.role() == TodoRole.USER && !c.excludedAgents().isEmpty()) {
            return Optional.of(new Rejection.NotForThisTodo("excluded agents", "agent todos"));
        }
        if (c.role() == TodoRole.USER && !c.requiredCapabilities().isEmpty()) {
            return Optional.of(new Rejection.NotForThisTodo("required capabilities", "agent todos"));
        }
        return Optional.empty();
    }

    /** Decides any todo command (exhaustive: a new command does not compile until it is decided here). */
    public static Either<Rejection, List<LoopxEvent>> decide(
            TodoCommands.TodoCommand command, Optional<GoalState> state) {
        return switch (command) {
            case AddTodo c -> decide(c, state);
            case ClaimTodo c -> decide(c, state);
            case ReclaimTodo c -> decide(c, state);
            case UpdateTodo c -> decide(c, state);
            case CompleteTodo c -> decide(c, state);
            case SupersedeTodo c -> decide(c, state);
            case DeclareEmpty c -> decide(c, state);
            case Checkpoint c -> decide(c, state);
            case ArchiveCompleted c -> TodoArchiving.decide(c, state);
            case TodoCommands.AcquireLease c -> TaskLeaseDecider.decide(c, state);
            case TodoCommands.RenewLease c -> TaskLeaseDecider.decide(c, state);
            case TodoCommands.TransferLease c -> TaskLeaseDecider.decide(c, state);
            case TodoCommands.ReleaseLease c -> TaskLeaseDecider.decide(c, state);
        };
    }

    public static Either<Rejection, List<LoopxEvent>> decide(AddTodo c, Optional<GoalState> state) {
        Optional<Rejection> inadmissible = admissible(c);
        if (inadmissible.isPresent()) {
            return Decision.reject(inadmissible.get());
        }
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        GoalState s = state.get();
        String id = TodoIds.of(c.goalId(), c.role().wire(), c.text());
        if (s.todo(id).isPresent()) {
            return Decision.unchanged();
        }
        List<String> named = new ArrayList<>(List.of(c.claimedBy(), c.blocksAgent()));
        named.addAll(c.excludedAgents());
        for (String agent : named) {
            if (!agent.isEmpty() && s.goal().agent(agent).isEmpty()) {
                return Decision.reject(new Rejection.AgentNotRegistered(
                        c.goalId(), agent, s.goal().agentIds()));
            }
        }
        if (c.taskClass() == TaskClass.USER_GATE
                && s.multiAgent()
                && c.blocksAgent().isEmpty() == !c.globalGate()) {
            return Decision.reject(new Rejection.GateScopeRequired(c.goalId()));
        }
        Optional<Rejection> awaited = awaitedTodoMissing(s, c.resumeWhen());
        if (awaited.isPresent()) {
            return Decision.reject(awaited.get());
        }
        Optional<Rejection> unblocks = Unblocks.targetRefused(s, c.unblocksTodoId());
        if (unblocks.isPresent()) {
            return Decision.reject(unblocks.get());
        }
        List<LoopxEvent> events = new ArrayList<>();
        events.add(new TodoAdded(
                id,
                c.role().wire(),
                TodoIds.normalise(c.text()),
                c.taskClass().wire(),
                c.priority().wire(),
                c.claimedBy(),
                c.blocksAgent(),
                c.globalGate(),
                c.excludedAgents(),
                c.unblocksTodoId(),
                c.resumeWhen()));
        if (!c.requiredCapabilities().isEmpty()) {
            events.add(new TodoCapabilitiesRequired(id, c.requiredCapabilities()));
        }
        return Either.right(events);
    }

    public static Either<Rejection, List<LoopxEvent>> decide(ClaimTodo c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        GoalState s = state.get();
        Optional<TodoView> todo = s.todo(c.todoId());
        if (todo.isEmpty()) {
            return Decision.reject(new Rejection.TodoNotFound(c.todoId()));
        }
        if (!s.hasAgents() || s.goal().agent(c.agentId()).isEmpty()) {
            return Decision.reject(new Rejection.AgentNotRegistered(
                    c.goalId(), c.agentId(), s.goal().agentIds()));
        }
        TodoView t = todo.get();
        if (t.done()) {
            return Decision.reject(new Rejection.TodoAlreadyCompleted(t.todoId()));
        }
        if (t.excludedAgents().contains(c.agentId())) {
            return Decision.reject(new Rejection.AgentExcluded(t.todoId(), c.agentId()));
        }
        if (t.claimedBy().equals(c.agentId())) {
            return Decision.unchanged();
        }
        if (t.lease().state(c.now()) == TodoLease.State.LIVE) {
            return Decision.reject(new Rejection.LeasedByOther(
                    t.todoId(), t.lease().holder(), t.lease().expiresAt()));
        }
        String claimant = TodoRules.claimant(t, c.now());
        if (!claimant.isEmpty()) {
            return Decision.reject(new Rejection.ClaimedByOther(t.todoId(), claimant));
        }
        return Decision.accept(new TodoClaimed(t.todoId(), c.agentId()));
    }

    /**
     * Takes a claim back: only the owner, a controller or LoopX's own policy may; the todo must be
     * open and claimed. The todo becomes free (its lease ends with the claim), its epoch goes up by
     * one and the agent it was taken from is fenced ({@link #fenced}) until it claims it again.
     */
    public static Either<Rejection, List<LoopxEvent>> decide(ReclaimTodo c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        if (c.actorKind() != ActorKind.OWNER
                && c.actorKind() != ActorKind.CONTROLLER
                && c.actorKind() != ActorKind.SYSTEM) {
            return Decision.reject(
                    new Rejection.ReclaimNotAllowed(c.todoId(), c.actorKind().wire()));
        }
        Optional<TodoView> todo = state.get().todo(c.todoId());
        if (todo.isEmpty()) {
            return Decision.reject(new Rejection.TodoNotFound(c.todoId()));
        }
        TodoView t = todo.get();
        if (t.done()) {
            return Decision.reject(new Rejection.TodoAlreadyCompleted(t.todoId()));
        }
        if (t.claimedBy().isEmpty()) {
            return Decision.reject(new Rejection.TodoNotClaimed(t.todoId()));
        }
        return Decision.accept(
                new TodoReclaimed(t.todoId(), t.claimedBy(), c.reason(), Math.max(1, t.claimEpoch()) + 1));
    }

    /**
     * The refusal of a write naming {@code t} by {@code agentId} when its claim on it was taken back
     * and it has not claimed the todo again (empty when the agent is not fenced).
     */
    public static Optional<Rejection> fenced(TodoView t, String agentId) {
        return t.reclaimedFrom(agentId)
                .filter(r -> !t.claimedBy().equals(agentId))
                .map(r -> new Rejection.ClaimEpochMismatch(t.todoId(), agentId, r.epoch(), t.claimEpoch(), r.reason()));
    }

    public static Either<Rejection, List<LoopxEvent>> decide(UpdateTodo c, Optional<GoalState> state) {
        Optional<TodoView> named = state.flatMap(s -> s.todo(c.todoId()));
        Optional<Rejection> fence = named.flatMap(t -> fenced(t, c.agentId()));
        if (fence.isPresent()) {
            return Decision.reject(fence.get());
        }
        if (c.clearClaim()
                && named.filter(t -> !t.done()
                                && !t.claimedBy().isEmpty()
                                && !t.claimedBy().equals(c.agentId()))
                        .isPresent()) {
            return Decision.reject(
                    new Rejection.ClearClaimOfOther(c.todoId(), named.get().claimedBy()));
        }
        Either<Rejection, TodoView> writable = writableTodo(c.goalId(), c.todoId(), c.agentId(), state);
        if (writable.isLeft()) {
            return Either.left(writable.getLeft());
        }
        TodoView t = writable.get();
        if (c.status().equals(Optional.of(TodoStatus.DONE))) {
            return Decision.reject(new Rejection.UseCompleteForDone(t.todoId()));
        }
        String text = c.text().isEmpty() ? t.text() : TodoIds.normalise(c.text());
        TodoStatus status = c.status().orElse(t.status());
        String resumeWhen =
                c.resumeWhen().isEmpty() ? t.resumeWhen() : c.resumeWhen().equals("none") ? "" : c.resumeWhen();
        Optional<Rejection> awaited = awaitedTodoMissing(state.get(), resumeWhen);
        if (awaited.isPresent()) {
            return Decision.reject(awaited.get());
        }
        List<LoopxEvent> events = new ArrayList<>();
        if (!text.equals(t.text()) || status != t.status() || !resumeWhen.equals(t.resumeWhen())) {
            events.add(new TodoUpdated(t.todoId(), text, status.wire(), resumeWhen));
        }
        if (c.clearClaim() && !t.claimedBy().isEmpty()) {
            events.add(new TodoClaimCleared(t.todoId()));
        }
        if (c.requiredCapabilities().isPresent()
                && !c.requiredCapabilities().get().equals(t.requiredCapabilities())) {
            if (!t.isAgent()) {
                return Decision.reject(new Rejection.NotForThisTodo("required capabilities", "agent todos"));
            }
            events.add(new TodoCapabilitiesRequired(
                    t.todoId(), c.requiredCapabilities().get()));
        }
        return Either.right(events);
    }

    public static Either<Rejection, List<LoopxEvent>> decide(CompleteTodo c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        GoalState s = state.get();
        Optional<TodoView> existing = s.todo(c.todoId());
        if (existing.isEmpty()) {
            return Decision.reject(new Rejection.TodoNotFound(c.todoId()));
        }
        Optional<Rejection> fence = fenced(existing.get(), c.agentId());
        if (fence.isPresent()) {
            return Decision.reject(fence.get());
        }
        List<TodoAdded> successors = successors(c, s);
        if (existing.get().done() && !existing.get().supersededBy().isEmpty()) {
            return Decision.reject(new Rejection.TodoAlreadyCompleted(c.todoId()));
        }
        if (existing.get().done() && settlesFollowUp(c, existing.get(), successors)) {
            return settle(c, s, existing.get());
        }
        if (existing.get().done()) {
            List<String> recorded = existing.get().successorTodoIds();
            boolean sameSuccessors = successors.stream().allMatch(added -> recorded.contains(added.todoId()));
            return sameSuccessors
                    ? Decision.unchanged()
                    : Decision.reject(new Rejection.TodoAlreadyCompleted(c.todoId()));
        }
        Either<Rejection, TodoView> writable = writableTodo(c.goalId(), c.todoId(), c.agentId(), state);
        if (writable.isLeft()) {
            return Either.left(writable.getLeft());
        }
        TodoView t = writable.get();
        if (t.isUserGate() && c.decisionOutcome().isEmpty()) {
            return Decision.reject(new Rejection.DecisionOutcomeRequired(t.todoId()));
        }
        List<LoopxEvent> events = new ArrayList<>();
        events.add(new TodoCompleted(
                t.todoId(),
                c.evidence(),
                c.noFollowup(),
                c.decisionOutcome(),
                successors.stream().map(TodoAdded::todoId).toList(),
                c.validationCommand()));
        successors.stream().filter(a -> s.todo(a.todoId()).isEmpty()).forEach(events::add);
        Unblocks.onCompletion(s, t, c.decisionOutcome()).ifPresent(events::add);
        return Either.right(events);
    }

    /**
     * The events of an owner's decision on an open user gate made through {@code operator-gate}:
     * the gate completed with that outcome (the reason as its evidence), and the todo it unblocks,
     * as {@code todo complete --decision-outcome} records them.
     */
    public static List<LoopxEvent> decideGate(GoalState s, TodoView gate, String outcome, String reason) {
        List<LoopxEvent> events = new ArrayList<>();
        events.add(new TodoCompleted(gate.todoId(), reason, false, outcome, List.of()));
        Unblocks.onCompletion(s, gate, outcome).ifPresent(events::add);
        return events;
    }

    /**
     * A done todo that named no successor and did not say {@code --no-follow-up} is settled by
     * completing it again with {@code --no-follow-up} (and nothing else): the answer to a
     * succession gap when no real work remains.
     */
    private static boolean settlesFollowUp(CompleteTodo c, TodoView done, List<TodoAdded> successors) {
        return c.noFollowup()
                && !done.noFollowup()
                && done.successorTodoIds().isEmpty()
                && successors.isEmpty()
                && c.decisionOutcome().isEmpty();
    }

    /** The settlement: a second {@code todo.completed} with {@code no_followup}, by a lane that may write the todo. */
    private static Either<Rejection, List<LoopxEvent>> settle(CompleteTodo c, GoalState s, TodoView done) {
        boolean ownerActsOnUserTodo = done.isUser() && c.agentId().isEmpty();
        Optional<Rejection> actor = ownerActsOnUserTodo ? Optional.empty() : AgentDecider.checkActor(s, c.agentId());
        if (actor.isPresent()) {
            return Decision.reject(actor.get());
        }
        if (!done.claimedBy().isEmpty()
                && !c.agentId().isEmpty()
                && !done.claimedBy().equals(c.agentId())) {
            return Decision.reject(new Rejection.ClaimedByOther(done.todoId(), done.claimedBy()));
        }
        return Decision.accept(new TodoCompleted(
                done.todoId(),
                c.evidence().isEmpty() ? done.evidence() : c.evidence(),
                true,
                done.decisionOutcome(),
                List.of(),
                c.validationCommand().isEmpty() ? done.validationCommand() : c.validationCommand()));
    }

    /**
     * A replan checkpoint answers the long-chain obligation, a monitor no-change streak and the
     * acting lane's same-outcome streak; with nothing completed since the last one and no streak it
     * changes nothing. On goals with agents
     * the acting agent must be registered.
     */
    public static Either<Rejection, List<LoopxEvent>> decide(Checkpoint c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        GoalState s = state.get();
        Optional<Rejection> actor = AgentDecider.checkActor(s, c.agentId());
        if (actor.isPresent()) {
            return Decision.reject(actor.get());
        }
        ReplanObligation obligation = ReplanObligation.of(s, c.agentId());
        if (s.plan().completedSinceCheckpoint() == 0
                && !obligation.has(ReplanObligation.MONITOR_STREAK)
                && !obligation.has(ReplanObligation.SAME_OUTCOME)) {
            return Decision.unchanged();
        }
        return Decision.accept(new TodoReplanCheckpointed(c.agentId(), c.note()));
    }

    public static Either<Rejection, List<LoopxEvent>> decide(SupersedeTodo c, Optional<GoalState> state) {
        Either<Rejection, TodoView> writable = writableTodo(c.goalId(), c.todoId(), c.agentId(), state);
        if (writable.isLeft()) {
            return Either.left(writable.getLeft());
        }
        TodoView t = writable.get();
        String replacementId = TodoIds.of(c.goalId(), "agent", c.nextAgentTodo());
        if (replacementId.equals(t.todoId())) {
            return Decision.reject(new Rejection.ReplacementIsTheSameTodo(t.todoId()));
        }
        TodoAdded replacement = new TodoAdded(
                replacementId,
                "agent",
                TodoIds.normalise(c.nextAgentTodo()),
                "advancement_task",
                t.priority().wire(),
                t.claimedBy(),
                t.blocksAgent(),
                false,
                List.of(),
                t.unblocksTodoId(),
                "");
        List<LoopxEvent> events = new ArrayList<>();
        events.add(new TodoSuperseded(t.todoId(), c.reason(), replacementId));
        if (state.get().todo(replacementId).isEmpty()) {
            events.add(replacement);
        }
        return Either.right(events);
    }

    public static Either<Rejection, List<LoopxEvent>> decide(DeclareEmpty c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        GoalState s = state.get();
        // open todos plus the done counters: archived todos still make a section non-empty
        TodoRole role = TodoRole.recorded(c.role());
        if (s.openTodos().stream().anyMatch(t -> t.role() == role)
                || s.doneCounts().doneOf(role) > 0) {
            return Decision.reject(new Rejection.SectionNotEmpty(c.role()));
        }
        if (s.goal().declaredEmptyRoles().contains(c.role())) {
            return Decision.unchanged();
        }
        return Decision.accept(new TodoSectionDeclaredEmpty(c.role()));
    }

    /** The todo, when it exists, is not done, and the acting agent may write it. */
    private static Either<Rejection, TodoView> writableTodo(
            String goalId, String todoId, String agentId, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Either.left(new Rejection.GoalNotFound(goalId));
        }
        Optional<TodoView> todo = state.get().todo(todoId);
        if (todo.isEmpty()) {
            return Either.left(new Rejection.TodoNotFound(todoId));
        }
        if (todo.get().done()) {
            return Either.left(new Rejection.TodoAlreadyCompleted(todoId));
        }
        Optional<Rejection> fence = fenced(todo.get(), agentId);
        if (fence.isPresent()) {
            return Either.left(fence.get());
        }
        boolean ownerActsOnUserTodo = todo.get().isUser() && agentId.isEmpty();
        Optional<Rejection> actor =
                ownerActsOnUserTodo ? Optional.empty() : AgentDecider.checkActor(state.get(), agentId);
        if (actor.isPresent()) {
            return Either.left(actor.get());
        }
        String claimedBy = todo.get().claimedBy();
        if (!claimedBy.isEmpty() && !agentId.isEmpty() && !claimedBy.equals(agentId)) {
            return Either.left(new Rejection.ClaimedByOther(todoId, claimedBy));
        }
        return Either.right(todo.get());
    }

    private static List<TodoAdded> successors(CompleteTodo c, GoalState s) {
        List<TodoAdded> successors = new ArrayList<>();
        if (!c.nextAgentTodo().isEmpty()) {
            successors.add(new TodoAdded(
                    TodoIds.of(c.goalId(), "agent", c.nextAgentTodo()),
                    "agent",
                    TodoIds.normalise(c.nextAgentTodo()),
                    "advancement_task",
                    "",
                    "",
                    "",
                    false,
                    List.of(),
                    "",
                    ""));
        }
        if (!c.nextUserTodo().isEmpty()) {
            successors.add(new TodoAdded(
                    TodoIds.of(c.goalId(), "user", c.nextUserTodo()),
                    "user",
                    TodoIds.normalise(c.nextUserTodo()),
                    c.nextUserTaskClass(),
                    "",
                    "",
                    TaskClass.recorded(c.nextUserTaskClass()) == TaskClass.USER_GATE && s.multiAgent()
                            ? c.agentId()
                            : "",
                    false,
                    List.of(),
                    "",
                    ""));
        }
        return successors;
    }

    private static Optional<Rejection> awaitedTodoMissing(GoalState s, String resumeWhen) {
        return ResumeCondition.awaitedTodo(resumeWhen)
                .filter(id -> s.todo(id).isEmpty())
                .map(Rejection.TodoNotFound::new);
    }
}
