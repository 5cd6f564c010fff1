package dev.loopx.commands.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.monitor.MonitorCommands.AddMonitor;
import dev.loopx.commands.monitor.MonitorCommands.PollMonitor;
import dev.loopx.commands.todo.TodoCommands.AddTodo;
import dev.loopx.commands.todo.TodoCommands.Checkpoint;
import dev.loopx.commands.todo.TodoDecider;
import dev.loopx.commands.todo.TodoIds;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.MonitorPolled;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoMonitorConfigured;
import dev.loopx.ledger.event.TodoReplanCheckpointed;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Given a goal's history, when a monitor is added or polled, then these events or this refusal (issue 21). */
class MonitorDeciderTest {
    private static final String G = "g1";
    private static final String TEXT = "Watch CI on main";
    private static final String M = TodoIds.of(G, "agent", TEXT);
    private static final Instant NOW = Instant.parse("2026-01-02T00:00:00Z");
    private static final MonitorSettings SETTINGS =
            new MonitorSettings("ci-main", 30, "", "2026-01-05T00:00:00Z", false);

    private static AddTodo add(String text, TaskClass taskClass) {
        return new AddTodo(G, TodoRole.AGENT, text, taskClass, Priority.NONE, "", "", false, List.of(), "");
    }

    private static TodoAdded monitor(String taskClass, String claimedBy) {
        return new TodoAdded(M, "agent", TEXT, taskClass, "", claimedBy, "", false, List.of(), "", "");
    }

    private static TodoMonitorConfigured configured() {
        return new TodoMonitorConfigured(M, "ci-main", 30, "", "2026-01-05T00:00:00Z", false);
    }

    private static MonitorPolled unchanged() {
        return new MonitorPolled(M, "a", "sha256:aaaa1111", false, 30, "2026-01-01T00:30:00Z", "");
    }

    private static PollMonitor poll(String agent, boolean change, String nextDueAt) {
        return new PollMonitor(G, M, agent, "sha256:bbbb2222", change, nextDueAt, "seen");
    }

    private static Scenario given(LoopxEvent... more) {
        return Scenario.givenGoalWithAgents(G, List.of("a", "b"), more);
    }

    @Test
    void givenNoMonitor_whenAddedWithSettings_thenTheTodoAndItsSettingsAreOneAppend() {
        given().when(views -> MonitorDecider.decide(
                        new AddMonitor(add(TEXT, TaskClass.MONITOR_TASK), SETTINGS), GoalState.load(views, G)))
                .thenEvents(monitor("monitor_task", ""), configured());
    }

    @Test
    void givenTheMonitor_whenAddedAgain_thenNothingChanges() {
        given(monitor("monitor_task", ""), configured())
                .when(views -> MonitorDecider.decide(
                        new AddMonitor(add(TEXT, TaskClass.MONITOR_TASK), SETTINGS), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void givenSettingsOnAnAdvancementTodo_thenTheyAreNotForThisTodo() {
        assertEquals(
                Rejection.NotForThisTodo.class,
                MonitorDecider.admissible(new AddMonitor(add("Fix it", TaskClass.ADVANCEMENT_TASK), SETTINGS))
                        .orElseThrow()
                        .getClass());
        given().when(views -> MonitorDecider.decide(
                        new AddMonitor(add("Fix it", TaskClass.ADVANCEMENT_TASK), SETTINGS), GoalState.load(views, G)))
                .thenRejected(Rejection.NotForThisTodo.class);
    }

    @Test
    void theEarlierSpellingIsTheSameClass() {
        assertEquals(Optional.of(TaskClass.MONITOR_TASK), TaskClass.fromWire("continuous_monitor"));
        assertEquals(Optional.of(TaskClass.MONITOR_TASK), TaskClass.fromWire("monitor_task"));
    }

    @Test
    void givenAFreshMonitor_whenPolledUnchanged_thenTheBaseCadenceSetsTheNextDueTime() {
        given(monitor("monitor_task", ""), configured())
                .when(views -> MonitorDecider.decide(poll("a", false, ""), GoalState.load(views, G), NOW))
                .thenEvents(new MonitorPolled(M, "a", "sha256:bbbb2222", false, 30, "2026-01-02T00:30:00Z", "seen"));
    }

    @Test
    void givenTwoUnchangedPolls_whenPolledUnchangedAgain_thenTheIntervalIsDoubledTwice() {
        given(monitor("monitor_task", ""), configured(), unchanged(), unchanged())
                .when(views -> MonitorDecider.decide(poll("a", false, ""), GoalState.load(views, G), NOW))
                .thenEvents(new MonitorPolled(M, "a", "sha256:bbbb2222", false, 120, "2026-01-02T02:00:00Z", "seen"));
    }

    @Test
    void givenUnchangedPolls_whenAMaterialChangeIsPolled_thenTheCadenceResets() {
        given(monitor("monitor_task", ""), configured(), unchanged(), unchanged(), unchanged())
                .when(views -> MonitorDecider.decide(poll("a", true, ""), GoalState.load(views, G), NOW))
                .thenEvents(new MonitorPolled(M, "a", "sha256:bbbb2222", true, 30, "2026-01-02T00:30:00Z", "seen"));
    }

    @Test
    void givenTheLanesOwnNextDueTime_thenItIsRecorded() {
        given(monitor("monitor_task", ""), configured())
                .when(views ->
                        MonitorDecider.decide(poll("a", false, "2026-01-03T09:00:00Z"), GoalState.load(views, G), NOW))
                .thenEvents(new MonitorPolled(M, "a", "sha256:bbbb2222", false, 30, "2026-01-03T09:00:00Z", "seen"));
    }

    @Test
    void givenAnUnconfiguredMonitorOfAnOldLedger_whenPolled_thenTheDefaultCadenceApplies() {
        given(monitor("continuous_monitor", ""))
                .when(views -> MonitorDecider.decide(poll("a", false, ""), GoalState.load(views, G), NOW))
                .thenEvents(new MonitorPolled(M, "a", "sha256:bbbb2222", false, 60, "2026-01-02T01:00:00Z", "seen"));
    }

    @Test
    void givenAnAdvancementTodo_whenPolled_thenItIsNotAMonitor() {
        given(new TodoAdded(M, "agent", TEXT, "advancement_task", "", "", "", false, List.of(), "", ""))
                .when(views -> MonitorDecider.decide(poll("a", false, ""), GoalState.load(views, G), NOW))
                .thenRejectedWith(new Rejection.NotAMonitor(M, "advancement_task"));
    }

    @Test
    void givenADoneMonitor_whenPolled_thenRefused() {
        given(monitor("monitor_task", ""), new TodoCompleted(M, "over", false, "", List.of()))
                .when(views -> MonitorDecider.decide(poll("a", false, ""), GoalState.load(views, G), NOW))
                .thenRejected(Rejection.TodoAlreadyCompleted.class);
    }

    @Test
    void givenABlockedMonitor_whenPolled_thenItIsNotOpen() {
        given(monitor("monitor_task", ""), new TodoUpdated(M, TEXT, "blocked", ""))
                .when(views -> MonitorDecider.decide(poll("a", false, ""), GoalState.load(views, G), NOW))
                .thenRejectedWith(new Rejection.MonitorNotOpen(M, "blocked"));
    }

    @Test
    void givenAGoalWithAgents_whenPolledWithoutAnAgent_thenTheAgentIsRequired() {
        given(monitor("monitor_task", ""))
                .when(views -> MonitorDecider.decide(poll("", false, ""), GoalState.load(views, G), NOW))
                .thenRejected(Rejection.AgentIdRequired.class);
    }

    @Test
    void givenAnotherLanesMonitor_whenPolled_thenClaimedByOther() {
        given(monitor("monitor_task", "b"))
                .when(views -> MonitorDecider.decide(poll("a", false, ""), GoalState.load(views, G), NOW))
                .thenRejectedWith(new Rejection.ClaimedByOther(M, "b"));
    }

    @Test
    void givenNoSuchTodo_whenPolled_thenNotFound() {
        given().when(views -> MonitorDecider.decide(poll("a", false, ""), GoalState.load(views, G), NOW))
                .thenRejected(Rejection.TodoNotFound.class);
    }

    @Test
    void givenAFiveUnchangedPollStreak_whenCheckpointed_thenTheCheckpointIsRecorded_andAgainNothingChanges() {
        List<LoopxEvent> history = new ArrayList<>(List.of(monitor("monitor_task", ""), configured()));
        for (int i = 0; i < 5; i++) {
            history.add(unchanged());
        }
        given(history.toArray(LoopxEvent[]::new))
                .when(views -> TodoDecider.decide(new Checkpoint(G, "a", "keep watching"), GoalState.load(views, G)))
                .thenEvents(new TodoReplanCheckpointed("a", "keep watching"));
        history.add(new TodoReplanCheckpointed("a", "keep watching"));
        given(history.toArray(LoopxEvent[]::new))
                .when(views -> TodoDecider.decide(new Checkpoint(G, "a", "again"), GoalState.load(views, G)))
                .thenNothingChanged();
    }
}
