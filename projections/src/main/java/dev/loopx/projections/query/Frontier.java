package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.List;

/**
 * {@code goal_frontier_projection_v0} (SPEC §S7): what is left, for whom, and whether the goal is
 * terminal. Terminal state is derived, never written: both roles' sources are {@code valid}, at
 * least one completed todo carries {@code no_followup}, every counter is 0 and there are no gaps,
 * blockers or replans. Editing text cannot make a goal terminal. Pure.
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
        int deferredReady,
        int deferredBlocked,
        List<String> acceptanceGaps,
        List<String> autonomyBlockers,
        String userSource,
        String agentSource,
        boolean terminal) {

    public static Frontier of(GoalState s, String agentId, Instant now) {
        List<TodoView> todos = s.openTodos();
        int userOpen = count(todos, t -> t.role().equals("user") && TodoRules.open(t));
        int agentOpen = count(todos, t -> t.role().equals("agent") && TodoRules.open(t));
        int advancementOpen = count(todos, t -> TodoRules.isAdvancement(t) && TodoRules.open(t));
        int monitorOpen = count(todos, t -> TodoRules.isMonitor(t) && TodoRules.open(t));
        int monitorDue = count(todos, t -> TodoRules.monitorDue(s, t, now));
        int claimedByMe = count(
                todos,
                t -> TodoRules.isAdvancement(t)
                        && TodoRules.open(t)
                        && !agentId.isEmpty()
                        && t.claimedBy().equals(agentId));
        int unclaimed = count(
                todos,
                t -> TodoRules.isAdvancement(t)
                        && TodoRules.open(t)
                        && t.claimedBy().isEmpty());
        int others = count(
                todos,
                t -> TodoRules.isAdvancement(t)
                        && TodoRules.open(t)
                        && !t.claimedBy().isEmpty()
                        && !t.claimedBy().equals(agentId));
        int ready = count(todos, t -> TodoRules.readyDeferred(s, t, now));
        int blocked = count(todos, t -> t.is(TodoStatus.DEFERRED) && !TodoRules.readyDeferred(s, t, now));
        List<String> gaps = s.quota()
                .lastWriteback()
                .filter(w -> w.deliveryOutcome().equals("outcome_gap"))
                .map(w -> List.of("last_writeback_outcome_gap:seq_" + w.seq()))
                .orElse(List.of());
        List<String> blockers = todos.stream()
                .filter(t -> t.taskClass().equals("blocker") && TodoRules.open(t))
                .map(TodoView::todoId)
                .toList();
        String userSource = source(s, "user", now);
        String agentSource = source(s, "agent", now);
        boolean counters = userOpen
                        + agentOpen
                        + advancementOpen
                        + monitorOpen
                        + monitorDue
                        + claimedByMe
                        + unclaimed
                        + others
                        + ready
                        + blocked
                == 0;
        boolean noFollowup = s.doneCounts().doneNoFollowup() > 0;
        boolean terminal = userSource.equals("valid")
                && agentSource.equals("valid")
                && noFollowup
                && counters
                && gaps.isEmpty()
                && blockers.isEmpty()
                && ready == 0;
        return new Frontier(
                userOpen,
                agentOpen,
                advancementOpen,
                monitorOpen,
                monitorDue,
                claimedByMe,
                unclaimed,
                others,
                ready,
                blocked,
                gaps,
                blockers,
                userSource,
                agentSource,
                terminal);
    }

    /** {@code missing}: never had a section; {@code invalid}: something is not done; else {@code valid}. */
    static String source(GoalState s, String role, Instant now) {
        List<TodoView> mine =
                s.openTodos().stream().filter(t -> t.role().equals(role)).toList();
        if (mine.isEmpty() && s.doneCounts().doneOf(role) == 0) {
            return s.goal().declaredEmptyRoles().contains(role) ? "valid" : "missing";
        }
        boolean allDone = mine.isEmpty();
        boolean monitorDue = mine.stream().anyMatch(t -> TodoRules.monitorDue(s, t, now));
        return allDone && !monitorDue ? "valid" : "invalid";
    }

    public boolean replanRequired() {
        return deferredReady > 0;
    }

    private static int count(List<TodoView> todos, java.util.function.Predicate<TodoView> p) {
        return (int) todos.stream().filter(p).count();
    }
}
