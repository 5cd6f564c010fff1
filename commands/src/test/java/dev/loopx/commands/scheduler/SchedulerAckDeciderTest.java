package dev.loopx.commands.scheduler;

import dev.loopx.commands.scheduler.SchedulerCommands.AckScheduler;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.SchedulerAcked;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.projections.GoalState;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scheduler acks record what the host applied; they never advance the backoff by themselves. */
class SchedulerAckDeciderTest {
    private static final String G = "g1";
    private static final TodoAdded GATE = new TodoAdded(
            "todo_aaaaaaaaaaaa", "user", "Approve the schema", "user_gate", "", "", "", false, List.of(), "", "");

    @Test
    void reRunningAnOlderAckHintAfterTheIntervalElapsed_doesNotAdvanceTheBackoff() {
        var later = Scenario.T0.plus(Duration.ofMinutes(40));
        Scenario.givenGoalWithAgents(G, List.of("a"), GATE, ackAtIndexZero())
                .when(views -> {
                    var live = SchedulerDecider.liveBackoff(
                            GoalState.load(views, G).orElseThrow(), views, "a", "codex_app", later);
                    return SchedulerDecider.decide(
                            new AckScheduler(
                                    G,
                                    "a",
                                    "codex_app",
                                    "FREQ=MINUTELY;INTERVAL=30",
                                    live.resetToken(),
                                    live.identitySignature(),
                                    later),
                            GoalState.load(views, G),
                            views);
                })
                .thenNothingChanged();
    }

    /** The token of a one-agent goal with one open gate, computed once at T0 (it does not depend on time). */
    private static SchedulerAcked ackAtIndexZero() {
        return Scenario.givenGoalWithAgents(G, List.of("a"), GATE).compute(views -> {
            var live = SchedulerDecider.liveBackoff(
                    GoalState.load(views, G).orElseThrow(), views, "a", "codex_app", Scenario.T0);
            return new SchedulerAcked(
                    "a", "codex_app", live.resetToken(), live.identitySignature(), 0, 30, "FREQ=MINUTELY;INTERVAL=30");
        });
    }
}
