package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

/**
 * {@code goal_frontier_projection_v0} (SPEC §S7): what is left, for whom, and whether the goal is
 * terminal. Terminal state is derived, never written: both roles' sources are {@code valid}, at
 * least one completed todo carries {@code no_followup}, every counter is 0 and there are no gaps,
 * blockers or replans (a replan obligation is an autonomy blocker). Editing text cannot make a
 * goal terminal. Pure.
 *
 * <p>Every advancement todo that is not done is in exactly one bucket, for the lane asking
 * ({@link #bucket}, first match wins): deferred and ready / deferred and waiting; blocked (any
 * other status than open); claimed by another lane (or leased by it, while the lease lives: an
 * expired lease frees the todo, {@link TodoRules#claimant}); waiting on its resume condition;
 * excluding this lane; needing a capability the lane did not declare; claimed by this lane;
 * unclaimed. The buckets add up to {@code advancementOpen}, and the last two are exactly the todos
 * this lane may run.
 *
 * <p>{@code userOpen} counts the open user todos this lane sees ({@link TodoRules#userTodoSeenBy}:
 * a gate scoped to another lane is left out, as in should-run's user summary). The terminal state
 * stays goal-wide: the user source is {@code invalid} while any user todo is open, whoever it
 * blocks.
 */
public record Frontier(
        int userOpen,
        int agentOpen,
        int advancementOpen,
        int monitorOpen,
        int monitorDue,
        int claimedByMe,
        int unclaimed,
        int claimedByOthers,
        int notYetResumable,
        int excluded,
        int capabilityBlocked,
        int blocked,
        int deferredReady,
        int deferredBlocked,
        boolean anyDeferredReady,
        List<String> acceptanceGaps,
        List<String> autonomyBlockers,
        ReplanObligation replanObligation,
        String goalId,
        String userSource,
        String agentSource,
        boolean closable,
        boolean terminal) {
    public static final String REPLAN_BLOCKER = "autonomous_replan_obligation";

    /** The bucket of one advancement todo that is not done, for {@code agentId} (see the class comment). */
    public enum Bucket {
        DEFERRED_READY,
        DEFERRED_WAITING,
        BLOCKED,
        CLAIMED_BY_OTHER,
        NOT_YET_RESUMABLE,
        EXCLUDED,
        CAPABILITY_BLOCKED,
        CLAIMED_BY_ME,
        UNCLAIMED
    }

    public static Bucket bucket(GoalState s, TodoView t, String agentId, Instant now) {
        return bucket(s, t, agentId, List.of(), now);
    }

    /** The bucket for a lane that declared {@code capabilities}. */
    public static Bucket bucket(GoalState s, TodoView t, String agentId, Collection<String> capabilities, Instant now) {
        if (t.is(TodoStatus.DEFERRED)) {
            return TodoRules.readyDeferred(s, t, now) ? Bucket.DEFERRED_READY : Bucket.DEFERRED_WAITING;
        }
        if (!t.is(TodoStatus.OPEN)) {
            return Bucket.BLOCKED;
        }
        String claimant = TodoRules.claimant(t, now);
        if (!claimant.isEmpty() && !claimant.equals(agentId)) {
            return Bucket.CLAIMED_BY_OTHER;
        }
        if (!TodoRules.resumeSatisfied(s, t, now)) {
            return Bucket.NOT_YET_RESUMABLE;
        }
        if (t.excludedAgents().contains(agentId)) {
            return Bucket.EXCLUDED;
        }
        if (!TodoRules.missingCapabilities(t, capabilities).isEmpty()) {
            return Bucket.CAPABILITY_BLOCKED;
        }
        return claimant.isEmpty() ? Bucket.UNCLAIMED : Bucket.CLAIMED_BY_ME;
    }

    /** The frontier for a lane that declared no capabilities. */
    public static Frontier of(GoalState s, String agentId, Instant now) {
        return of(s, agentId, List.of(), now);
    }

    public static Frontier of(GoalState s, String agentId, Collection<String> capabilities, Instant now) {
        List<TodoView> todos = s.openTodos();
        int userOpen = count(todos, t -> TodoRules.userTodoSeenBy(t, agentId));
        int agentOpen = count(todos, t -> t.isAgent() && TodoRules.open(t));
        int monitorOpen = count(todos, t -> TodoRules.isMonitor(t) && TodoRules.open(t));
        int monitorDue = count(todos, t -> TodoRules.monitorDue(s, t, now));
        int[] buckets = new int[Bucket.values().length];
        int advancementOpen = 0;
        for (TodoView t : todos) {
            if (TodoRules.isAdvancement(t) && TodoRules.open(t)) {
                buckets[bucket(s, t, agentId, capabilities, now).ordinal()]++;
                advancementOpen++;
            }
        }
        boolean anyReady = todos.stream().anyMatch(t -> TodoRules.readyDeferred(s, t, now));
        List<String> gaps = s.quota()
                .lastWriteback()
                .filter(w -> w.deliveryOutcome().equals("outcome_gap"))
                .map(w -> List.of("last_writeback_outcome_gap:seq_" + w.seq()))
                .orElse(List.of());
        ReplanObligation obligation = ReplanObligation.of(s, agentId);
        List<String> blockers = new ArrayList<>(todos.stream()
                .filter(t -> t.taskClass() == TaskClass.BLOCKER && TodoRules.open(t))
                .map(TodoView::todoId)
                .toList());
        if (obligation.required()) {
            blockers.add(REPLAN_BLOCKER);
        }
        String userSource = source(s, TodoRole.USER, now);
        String agentSource = source(s, TodoRole.AGENT, now);
        boolean counters = userOpen + agentOpen + advancementOpen + monitorOpen + monitorDue == 0;
        boolean noFollowup = s.doneCounts().doneNoFollowup() > 0;
        boolean closable = noFollowup && counters && gaps.isEmpty() && blockers.isEmpty() && !anyReady;
        boolean terminal = closable && userSource.equals("valid") && agentSource.equals("valid");
        return new Frontier(
                userOpen,
                agentOpen,
                advancementOpen,
                monitorOpen,
                monitorDue,
                buckets[Bucket.CLAIMED_BY_ME.ordinal()],
                buckets[Bucket.UNCLAIMED.ordinal()],
                buckets[Bucket.CLAIMED_BY_OTHER.ordinal()],
                buckets[Bucket.NOT_YET_RESUMABLE.ordinal()],
                buckets[Bucket.EXCLUDED.ordinal()],
                buckets[Bucket.CAPABILITY_BLOCKED.ordinal()],
                buckets[Bucket.BLOCKED.ordinal()],
                buckets[Bucket.DEFERRED_READY.ordinal()],
                buckets[Bucket.DEFERRED_WAITING.ordinal()],
                anyReady,
                gaps,
                List.copyOf(blockers),
                obligation,
                s.goal().goalId(),
                userSource,
                agentSource,
                closable,
                terminal);
    }

    /**
     * {@code missing}: the section was never declared (by {@code connect}, which declares both, or
     * by {@code declare-empty}) and never had a todo; {@code invalid}: something is not done; else
     * {@code valid}.
     */
    static String source(GoalState s, TodoRole role, Instant now) {
        List<TodoView> mine =
                s.openTodos().stream().filter(t -> t.role() == role).toList();
        if (mine.isEmpty() && s.doneCounts().doneOf(role) == 0) {
            return s.goal().declaredEmptyRoles().contains(role.wire())
                            || s.plan().declaredSections().contains(role.wire())
                    ? "valid"
                    : "missing";
        }
        boolean allDone = mine.isEmpty();
        boolean monitorDue = mine.stream().anyMatch(t -> TodoRules.monitorDue(s, t, now));
        return allDone && !monitorDue ? "valid" : "invalid";
    }

    /** The {@code todo declare-empty} steps that close the missing sections, in role order (agent, user). */
    public List<NextStep> closeMissingSections() {
        List<NextStep> commands = new ArrayList<>();
        if (agentSource.equals("missing")) {
            commands.add(NextStep.of(Verb.TODO_DECLARE_EMPTY)
                    .with(Flag.GOAL_ID, goalId)
                    .with(Flag.ROLE, "agent"));
        }
        if (userSource.equals("missing")) {
            commands.add(NextStep.of(Verb.TODO_DECLARE_EMPTY)
                    .with(Flag.GOAL_ID, goalId)
                    .with(Flag.ROLE, "user"));
        }
        return List.copyOf(commands);
    }

    /** A ready deferred todo or a replan obligation: the plan must be revisited before more work. */
    public boolean replanRequired() {
        return anyDeferredReady || replanObligation.required();
    }

    /**
     * Everything but a missing section says the goal is closed ({@code closable}: a no-follow-up
     * completion, nothing open, no gaps, blockers or replans): the only thing between it and
     * {@code terminal_no_followup} is a {@code declare-empty} (see {@link #closeMissingSections}).
     */
    public boolean terminalButForMissingSections() {
        return closable && !terminal && !userSource.equals("invalid") && !agentSource.equals("invalid");
    }

    private static int count(List<TodoView> todos, Predicate<TodoView> p) {
        return (int) todos.stream().filter(p).count();
    }
}
