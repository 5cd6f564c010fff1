package dev.loopx.projections.query;

import static dev.loopx.projections.query.Histories.NOW;
import static dev.loopx.projections.query.Histories.T0;
import static dev.loopx.projections.query.Histories.goal;
import static dev.loopx.projections.query.Histories.monitor;
import static dev.loopx.projections.query.Histories.work;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.event.TaskLeaseAcquired;
import dev.loopx.ledger.event.TaskLeaseReleased;
import dev.loopx.ledger.event.TaskLeaseRenewed;
import dev.loopx.ledger.event.TaskLeaseTransferred;
import dev.loopx.ledger.event.TodoCapabilitiesRequired;
import dev.loopx.ledger.event.TodoClaimCleared;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.next.Verb;
import dev.loopx.projections.scheduler.SchedulerView;
import dev.loopx.projections.todo.TodoLease;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 21: hard leases (a claim that expires) folded onto the todo view, and capability-aware
 * runnability, as the fold, the todo rules and should-run see them. Event {@code i} is recorded at
 * {@code T0 + (i - 1) s}; {@code NOW} is {@code T0 + 1 h}.
 */
class LeasesAndCapabilitiesTest {
    private static final List<String> AGENTS = List.of("a", "b");

    private static TodoView todo(GoalState s, String id) {
        return s.todo(id).orElseThrow();
    }

    private static ShouldRunAnswer answer(GoalState s, String agent, List<String> capabilities, Instant now) {
        return ShouldRun.answer(
                s,
                SchedulerView.empty("g1", agent, "generic_cli"),
                new ShouldRun.Request("g1", agent, Optional.of(RuntimeProfile.GENERIC_CLI), capabilities, "", "", now));
    }

    @Test
    void givenAnAcquiredLease_thenTheTodoIsClaimedByTheHolderUntilRecordedAtPlusTtl() {
        // goal, a, b, the todo: the lease is seq 5, recorded at T0 + 4 s
        GoalState s = goal(AGENTS, work("t1", ""), new TaskLeaseAcquired("t1", "a", 30));
        TodoView t = todo(s, "t1");
        assertEquals("a", t.claimedBy());
        assertEquals(new TodoLease("a", "2026-01-01T00:00:04Z", "2026-01-01T00:30:04Z", 30), t.lease());
        assertEquals(TodoLease.State.LIVE, t.lease().state(T0.plusSeconds(60)));
        assertEquals(TodoLease.State.EXPIRED, t.lease().state(Instant.parse("2026-01-01T00:30:04Z")));
    }

    @Test
    void givenARenewal_thenTheExpiryMovesAndTheStartStays() {
        GoalState s =
                goal(AGENTS, work("t1", ""), new TaskLeaseAcquired("t1", "a", 1), new TaskLeaseRenewed("t1", "a", 60));
        assertEquals(
                new TodoLease("a", "2026-01-01T00:00:04Z", "2026-01-01T01:00:05Z", 60),
                todo(s, "t1").lease());
    }

    @Test
    void givenATransfer_thenTheNewHolderHoldsClaimAndLease() {
        GoalState s = goal(
                AGENTS,
                work("t1", ""),
                new TaskLeaseAcquired("t1", "a", 30),
                new TaskLeaseTransferred("t1", "a", "b", 10));
        TodoView t = todo(s, "t1");
        assertEquals("b", t.claimedBy());
        assertEquals(new TodoLease("b", "2026-01-01T00:00:05Z", "2026-01-01T00:10:05Z", 10), t.lease());
    }

    @Test
    void givenARelease_thenLeaseAndClaimEnd() {
        GoalState s =
                goal(AGENTS, work("t1", ""), new TaskLeaseAcquired("t1", "a", 30), new TaskLeaseReleased("t1", "a"));
        assertEquals("", todo(s, "t1").claimedBy());
        assertEquals(TodoLease.NONE, todo(s, "t1").lease());
    }

    @Test
    void givenAClaimByAnotherAgentAfterExpiry_orAClearedClaim_thenTheLeaseEnds() {
        GoalState taken = goal(AGENTS, work("t1", ""), new TaskLeaseAcquired("t1", "a", 1), new TodoClaimed("t1", "b"));
        assertEquals("b", todo(taken, "t1").claimedBy());
        assertEquals(TodoLease.NONE, todo(taken, "t1").lease());
        GoalState cleared =
                goal(AGENTS, work("t1", ""), new TaskLeaseAcquired("t1", "a", 30), new TodoClaimCleared("t1"));
        assertEquals(TodoLease.NONE, todo(cleared, "t1").lease());
    }

    @Test
    void givenACompletion_thenTheDoneTodoHoldsNoLease() {
        GoalState s = goal(
                AGENTS,
                work("t1", ""),
                new TaskLeaseAcquired("t1", "a", 30),
                new TodoCompleted("t1", "shipped", true, "", List.of()));
        assertEquals(TodoLease.NONE, todo(s, "t1").lease());
    }

    @Test
    void givenRequiredCapabilities_thenTheFoldRecordsThemAndAnEmptyListClearsThem() {
        GoalState s = goal(AGENTS, work("t1", ""), new TodoCapabilitiesRequired("t1", List.of("gpu", "shell")));
        assertEquals(List.of("gpu", "shell"), todo(s, "t1").requiredCapabilities());
        GoalState cleared = goal(
                AGENTS,
                work("t1", ""),
                new TodoCapabilitiesRequired("t1", List.of("gpu")),
                new TodoCapabilitiesRequired("t1", List.of()));
        assertEquals(List.of(), todo(cleared, "t1").requiredCapabilities());
    }

    @Test
    void aLiveLeaseOfAnotherAgentKeepsTheTodoFromThisLane_asAClaimDoes() {
        GoalState s = goal(AGENTS, work("t1", ""), new TaskLeaseAcquired("t1", "b", 1440));
        TodoView t = todo(s, "t1");
        assertEquals("b", TodoRules.claimant(t, NOW));
        assertTrue(!TodoRules.runnableFor(s, t, "a", NOW));
        ShouldRunAnswer a = answer(s, "a", List.of(), NOW);
        assertEquals(EffectiveAction.PEER_COORDINATION_BLOCKED, a.effectiveAction());
        assertEquals(1, a.frontier().claimedByOthers());
    }

    @Test
    void anExpiredLeaseFreesTheTodo_shouldRunOffersItToAnotherLaneWithAClaimFirst() {
        GoalState s = goal(AGENTS, work("t1", ""), new TaskLeaseAcquired("t1", "b", 1));
        TodoView t = todo(s, "t1");
        assertEquals("", TodoRules.claimant(t, NOW));
        ShouldRunAnswer a = answer(s, "a", List.of(), NOW);
        assertEquals(EffectiveAction.NORMAL_RUN, a.effectiveAction());
        assertEquals("t1", a.selectedTodo().orElseThrow().todoId());
        assertEquals(
                TodoLease.State.EXPIRED, a.selectedTodo().orElseThrow().lease().state(a.now()));
        assertTrue(a.claimRequiredBeforeWork());
        assertEquals(1, a.frontier().unclaimed());
        assertEquals(
                Verb.TODO_CLAIM, a.interactionContract().nextCliActions().get(0).verb());
    }

    @Test
    void aSoftClaimNeverExpires() {
        GoalState s = goal(AGENTS, work("t1", "b"));
        assertEquals("b", TodoRules.claimant(todo(s, "t1"), NOW.plusSeconds(86_400 * 365L)));
    }

    @Test
    void aTodoNeedingAnUndeclaredCapability_isCapabilityBlocked_notSilence() {
        GoalState s = goal(AGENTS, work("t1", ""), new TodoCapabilitiesRequired("t1", List.of("gpu", "shell")));
        ShouldRunAnswer a = answer(s, "a", List.of("shell"), NOW);
        assertEquals(EffectiveAction.CAPABILITY_BLOCKED, a.effectiveAction());
        assertTrue(!a.shouldRun());
        assertEquals("t1", a.selectedTodo().orElseThrow().todoId());
        assertEquals(List.of("gpu"), a.missingCapabilities());
        assertTrue(a.reason().contains("t1") && a.reason().contains("gpu"), a.reason());
        assertTrue(a.notifyUser());
        assertEquals(1, a.frontier().capabilityBlocked());
        assertEquals(0, a.frontier().unclaimed());
        assertEquals(0, a.agentTodos().runnableCount());
    }

    @Test
    void declaringTheCapability_makesTheTodoRunnable() {
        GoalState s = goal(AGENTS, work("t1", ""), new TodoCapabilitiesRequired("t1", List.of("gpu")));
        ShouldRunAnswer a = answer(s, "a", List.of("gpu", "shell"), NOW);
        assertEquals(EffectiveAction.NORMAL_RUN, a.effectiveAction());
        assertEquals(1, a.frontier().unclaimed());
        assertEquals(List.of(), a.missingCapabilities());
    }

    @Test
    void runnableWorkWinsOverCapabilityBlockedWork_andADueMonitorToo() {
        GoalState both =
                goal(AGENTS, work("t1", ""), new TodoCapabilitiesRequired("t1", List.of("gpu")), work("t2", ""));
        ShouldRunAnswer run = answer(both, "a", List.of(), NOW);
        assertEquals(EffectiveAction.NORMAL_RUN, run.effectiveAction());
        assertEquals("t2", run.selectedTodo().orElseThrow().todoId());
        GoalState monitored =
                goal(AGENTS, work("t1", ""), new TodoCapabilitiesRequired("t1", List.of("gpu")), monitor("m1", ""));
        assertEquals(
                EffectiveAction.MONITOR_DUE,
                answer(monitored, "a", List.of(), NOW).effectiveAction());
    }

    @Test
    void capabilitiesNeverGrantPermission_aCapableLaneStillCannotTakeAnotherLanesLease() {
        GoalState s = goal(
                AGENTS,
                work("t1", ""),
                new TodoCapabilitiesRequired("t1", List.of("gpu")),
                new TaskLeaseAcquired("t1", "b", 1440));
        ShouldRunAnswer a = answer(s, "a", List.of("gpu"), NOW);
        assertEquals(EffectiveAction.PEER_COORDINATION_BLOCKED, a.effectiveAction());
        assertEquals(0, a.frontier().capabilityBlocked());
    }
}
