package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.goal.GoalLifecycle;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * One goal's entry in {@code loopx_status_v0} (SPEC §S9): objective, lifecycle, quota, open user
 * gates with their question, the next agent todo per lane, counts, the last evidence, the
 * attention queue and the frontier (with the derived terminal state). {@code agentId} narrows
 * gates, lanes and the queue to one lane (empty: all lanes). Pure.
 *
 * @param lastEvidence the newest writeback, if any
 * @param lastCompletion the advancement todo completed last (its evidence and validation command), if any
 * @param liveness whether each lane is alive (issue 36; the asked lane only, with one)
 */
public record GoalStatus(
        String goalId,
        String projectLabel,
        String objective,
        GoalLifecycle lifecycle,
        String lifecycleReason,
        List<String> agents,
        QuotaStatus quota,
        List<TodoView> openUserGates,
        Lanes nextAgentTodo,
        Counts counts,
        Optional<QuotaLog.Writeback> lastEvidence,
        Attention attention,
        Frontier frontier,
        Optional<TodoView> lastCompletion,
        List<LaneLiveness> liveness,
        List<LaneDecisions.Lane> decisions) {
    public GoalStatus {
        liveness = List.copyOf(liveness);
        decisions = List.copyOf(decisions);
        agents = List.copyOf(agents);
        openUserGates = List.copyOf(openUserGates);
        Objects.requireNonNull(lastEvidence, "lastEvidence");
        Objects.requireNonNull(lastCompletion, "lastCompletion");
    }

    /**
     * Todo counts: every todo, open ones by status, done ones, and open ones by role and claim;
     * {@code archived} counts the done ones put out of the default reads (included in
     * {@code todos} and {@code done}).
     */
    public record Counts(
            long todos,
            long open,
            long blocked,
            long deferred,
            long done,
            long userOpen,
            long agentOpen,
            long agentClaimed,
            long agentUnclaimed,
            long archived) {}

    public static GoalStatus of(GoalState s, String agentId, Instant now) {
        return new GoalStatus(
                s.goal().goalId(),
                s.goal().projectLabel(),
                s.goal().objective(),
                s.goal().lifecycle(),
                s.goal().lifecycleReason(),
                s.goal().agentIds(),
                QuotaStatus.at(s.goal().quota(), s.quota(), now),
                openGates(s, agentId),
                Lanes.of(s, agentId, now),
                counts(s),
                s.quota().lastWriteback(),
                Attention.of(s, agentId, now),
                Frontier.of(s, agentId, now),
                lastCompletion(s),
                LaneLiveness.of(s, now).stream()
                        .filter(l -> agentId.isEmpty() || l.agentId().equals(agentId))
                        .toList(),
                s.hasAgents() || !agentId.isEmpty() ? LaneDecisions.of(s, agentId, now) : List.of());
    }

    /** One point read of the todo the plan completed last (archived or not). */
    private static Optional<TodoView> lastCompletion(GoalState s) {
        String id = s.plan().lastCompletedTodoId();
        return id.isEmpty() ? Optional.empty() : s.todo(id).filter(TodoView::done);
    }

    /** Open user gates, ordered; with a lane, only those that block it. */
    public static List<TodoView> openGates(GoalState s, String agentId) {
        return s.openTodos().stream()
                .filter(t -> t.isUser() && t.isUserGate() && TodoRules.open(t))
                .filter(t -> agentId.isEmpty() || TodoRules.gateBlocks(t, agentId))
                .sorted(TodoRules.ORDER)
                .toList();
    }

    /** Counts from the open todos and the done-todo counters (never reads the done todos). */
    private static Counts counts(GoalState s) {
        List<TodoView> todos = s.openTodos();
        return new Counts(
                s.todoCount(),
                count(todos, t -> t.is(TodoStatus.OPEN)),
                count(todos, t -> t.is(TodoStatus.BLOCKED)),
                count(todos, t -> t.is(TodoStatus.DEFERRED)),
                s.doneCounts().done(),
                count(todos, t -> t.isUser() && TodoRules.open(t)),
                count(todos, t -> t.isAgent() && TodoRules.open(t)),
                count(
                        todos,
                        t -> t.isAgent() && TodoRules.open(t) && !t.claimedBy().isEmpty()),
                count(
                        todos,
                        t -> t.isAgent() && TodoRules.open(t) && t.claimedBy().isEmpty()),
                s.doneCounts().archived());
    }

    private static long count(List<TodoView> todos, Predicate<TodoView> p) {
        return todos.stream().filter(p).count();
    }
}
