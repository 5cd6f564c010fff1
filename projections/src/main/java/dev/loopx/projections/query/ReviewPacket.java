package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.goal.GoalLifecycle;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.quota.QuotaState;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * {@code loopx_review_packet_v0} (SPEC §S9): a compact handoff for a reviewer or the next agent —
 * {@code kind}, {@code waiting_on}, each lane's verdict, what changed since the last reward, the
 * latest evidence, open gates, and the exact next CLI commands. The CLI renders it and fits it into
 * its character budget. Pure.
 *
 * @param kind      {@code closure} (terminal), {@code owner_decision} (waits on the user) or {@code handoff}
 * @param waitingOn whom the goal waits on ({@link LaneDecisions#waitingOn})
 * @param quotaState {@code stopped}, else the quota state ({@link QuotaStatus#stateOf})
 */
public record ReviewPacket(
        String goalId,
        String agentId,
        String kind,
        String waitingOn,
        String objective,
        GoalLifecycle lifecycle,
        QuotaState quotaState,
        List<LaneDecisions.Lane> lanes,
        SinceLastReward sinceLastReward,
        Optional<QuotaLog.Writeback> latestEvidence,
        List<TodoView> openUserGates,
        List<NextStep> nextCommands) {
    public ReviewPacket {
        lanes = List.copyOf(lanes);
        Objects.requireNonNull(latestEvidence, "latestEvidence");
        openUserGates = List.copyOf(openUserGates);
        nextCommands = List.copyOf(nextCommands);
    }

    /**
     * The ledger facts after the last reward.
     *
     * @param eventsByType event type → count, for this goal's events after {@code lastRewardSeq} (kept in type order)
     */
    public record Changes(long lastRewardSeq, SortedMap<String, Long> eventsByType) {
        public Changes {
            eventsByType = Collections.unmodifiableSortedMap(new TreeMap<>(eventsByType));
        }
    }

    /**
     * What happened after the last reward: the reward itself (if any), the seq counted from, the
     * goal's events by type (in type order), the todos completed since (in completion order) and
     * the ones added since and still open (in {@link TodoRules#ORDER}).
     */
    public record SinceLastReward(
            Optional<GoalLog.Reward> lastReward,
            long afterSeq,
            SortedMap<String, Long> eventsByType,
            List<TodoView> completedTodos,
            List<TodoView> addedTodos) {
        public SinceLastReward {
            Objects.requireNonNull(lastReward, "lastReward");
            completedTodos = List.copyOf(completedTodos);
            addedTodos = List.copyOf(addedTodos);
        }

        public long events() {
            return eventsByType.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    public static long lastRewardSeq(GoalState s) {
        return s.log().lastReward().map(GoalLog.Reward::seq).orElse(0L);
    }

    public static ReviewPacket of(GoalState s, String agentId, Instant now, Changes changes) {
        List<LaneDecisions.Lane> lanes = LaneDecisions.of(s, agentId, now);
        String waitingOn = LaneDecisions.waitingOn(lanes);
        boolean terminal = Frontier.of(s, agentId, now).terminal();
        return new ReviewPacket(
                s.goal().goalId(),
                agentId,
                terminal ? "closure" : waitingOn.equals("user") ? "owner_decision" : "handoff",
                waitingOn,
                s.goal().objective(),
                s.goal().lifecycle(),
                QuotaStatus.at(s.goal().quota(), s.quota(), now)
                        .stateOf(s.goal().stopped()),
                lanes,
                since(s, changes),
                s.quota().lastWriteback(),
                GoalStatus.openGates(s, agentId),
                NextCommands.of(s, agentId, lanes));
    }

    private static SinceLastReward since(GoalState s, Changes changes) {
        long from = changes.lastRewardSeq();
        return new SinceLastReward(
                s.log().lastReward(),
                from,
                changes.eventsByType(),
                s.todosIncludingArchived().stream() // archiving hides nothing from a review
                        .filter(t -> t.done() && t.updatedSeq() > from)
                        .sorted(Comparator.comparingLong(TodoView::updatedSeq))
                        .toList(),
                s.todos().stream()
                        .filter(t -> t.createdSeq() > from && !t.done())
                        .sorted(TodoRules.ORDER)
                        .toList());
    }
}
