package dev.loopx.projections.lane;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.GoalResumed;
import dev.loopx.ledger.event.GoalStopped;
import dev.loopx.ledger.event.LaneStopAcknowledged;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.SchedulerAcked;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TurnObserved;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.Projector;
import dev.loopx.projections.query.GoalRisks;
import dev.loopx.projections.query.LaneLiveness;
import dev.loopx.projections.view.MapViews;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 36: given what lanes recorded (each event at its own time), when folded, then view {@code
 * lane} says what each lane did and when; {@link LaneLiveness} decides at {@code now} whether it is
 * silent, storming or acting after a stop. No clock in the fold: the same events give the same
 * views whenever they are folded.
 */
class LaneFoldTest {
    private static final EventCodec CODEC = new EventCodec(EventCatalog.standard());
    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

    private record At(long seconds, LoopxEvent event) {}

    private static At at(long seconds, LoopxEvent e) {
        return new At(seconds, e);
    }

    private static MapViews fold(List<At> events) {
        InMemoryLedger ledger = new InMemoryLedger();
        MapViews views = new MapViews();
        Projector projector = new Projector();
        long head = 0;
        for (At a : events) {
            Actor actor = switch (a.event()) {
                case EvidenceRecorded e -> new Actor(ActorKind.AGENT, e.agentId());
                case TurnObserved e -> new Actor(ActorKind.AGENT, e.agentId());
                default -> new Actor(ActorKind.OWNER, "o");
            };
            var proposed = CODEC.propose(a.event(), T0.plusSeconds(a.seconds()), "g1", actor, "");
            Recorded r = ledger.appendIfHead(head, List.of(proposed)).get().get(0);
            projector.apply(CODEC.decode(r), views);
            head = r.seq();
        }
        return views;
    }

    private static List<At> duo() {
        List<At> events = new ArrayList<>();
        events.add(at(0, new GoalRegistered("ship it", "app")));
        events.add(at(0, new AgentRegistered("A", "")));
        events.add(at(0, new AgentRegistered("B", "")));
        events.add(at(
                0,
                new TodoAdded(
                        "todo_000000000001",
                        "agent",
                        "work",
                        "advancement_task",
                        "",
                        "",
                        "",
                        false,
                        List.of(),
                        "",
                        "")));
        return events;
    }

    private static SchedulerAcked ack(String agent, String rrule) {
        return new SchedulerAcked(agent, "codex_app", "0123456789abcdef", "0123456789ab", 0, 3, rrule);
    }

    @Test
    void turnsSoonerThanHalfTheAppliedIntervalAreStormTurns_slowerOnesAreNot() {
        List<At> events = duo();
        events.add(at(60, ack("B", "FREQ=MINUTELY;INTERVAL=10")));
        events.add(at(120, new TurnObserved("B", "t1", "normal_run")));
        events.add(at(120 + 600, new TurnObserved("B", "t2", "normal_run"))); // on time
        events.add(at(120 + 600 + 240, new TurnObserved("B", "t3", "normal_run"))); // 4 min < 5 min: storm
        LaneView b = LaneFold.lane(fold(events), "g1", "B");
        assertEquals(1, b.stormTurns());
        assertEquals(3, b.recentTurns().size());
        assertEquals("FREQ=MINUTELY;INTERVAL=10", b.appliedRrule());
        assertEquals(T0.plusSeconds(960).toString().replace("Z", ".000Z"), b.lastTurnAt());
    }

    @Test
    void afterAStop_theFirstTurnOrShouldRunAcknowledgesIt_writesAndLaterTurnsAreCounted_aResumeClearsIt() {
        List<At> events = duo();
        events.add(at(60, new GoalStopped("review")));
        events.add(at(120, new TurnObserved("B", "t1", "goal_stopped"))); // B is told
        events.add(at(180, new TurnObserved("B", "t2", "goal_stopped"))); // and keeps waking: counted
        events.add(at(240, new EvidenceRecorded("A", "outcome_progress", "kept going"))); // A never asked
        MapViews views = fold(events);
        LaneView a = LaneFold.lane(views, "g1", "A");
        LaneView b = LaneFold.lane(views, "g1", "B");
        assertEquals("", a.stopAcknowledgedAt());
        assertEquals(1, a.afterStop());
        assertEquals("writeback", a.afterStopKind());
        assertFalse(b.stopAcknowledgedAt().isEmpty());
        assertEquals(1, b.afterStop());
        assertEquals("turn", b.afterStopKind());

        GoalState s = GoalState.load(views, "g1").orElseThrow();
        List<GoalRisks.Risk> risks = GoalRisks.of(s, T0.plusSeconds(300));
        assertEquals(
                2,
                risks.stream().filter(r -> r.kind().equals("fired_after_stop")).count(),
                risks.toString());
        assertTrue(risks.stream()
                .filter(r -> r.kind().equals("fired_after_stop"))
                .allMatch(r -> !r.fixes().isEmpty()));

        events.add(at(300, new GoalResumed("go on")));
        events.add(at(360, new GoalStopped("again")));
        events.add(at(420, new LaneStopAcknowledged("A", 5))); // an old stop's seq: not this one
        MapViews again = fold(events);
        LaneView a2 = LaneFold.lane(again, "g1", "A");
        assertEquals("", a2.stopAcknowledgedAt(), "acknowledging another stop acknowledges nothing");
        assertEquals(0, a2.afterStop(), "a new stop starts counting again");
        long stop = LaneFold.goal(again, "g1").stopSeq();
        events.add(at(480, new LaneStopAcknowledged("A", stop)));
        assertFalse(LaneFold.lane(fold(events), "g1", "A").stopAcknowledgedAt().isEmpty());
    }

    @Test
    void aLaneIsSilentOnlyWhileWorkWaitsForIt_andAfterKExpectedIntervals() {
        List<At> events = duo();
        events.add(at(60, new EvidenceRecorded("A", "outcome_progress", "half")));
        MapViews views = fold(events);
        GoalState s = GoalState.load(views, "g1").orElseThrow();
        // 30-minute turns, K = 3: silent after 90 minutes of nothing recorded
        LaneLiveness early = lane(s, "A", T0.plusSeconds(60 + 80 * 60));
        assertFalse(early.silent());
        assertTrue(early.workWaiting());
        assertTrue(early.words(T0.plusSeconds(60 + 80 * 60)).startsWith("A: last writeback 1 h ago"), early.words(T0));
        LaneLiveness late = lane(s, "A", T0.plusSeconds(60 + 91 * 60));
        assertTrue(late.silent());
        assertEquals("A: silent for 1 h (expected every 30 min)", late.words(T0.plusSeconds(60 + 91 * 60)));
        assertTrue(GoalRisks.of(s, T0.plusSeconds(60 + 91 * 60)).stream()
                .anyMatch(r -> r.kind().equals("lane_silent") && r.detail().startsWith("A:")));
    }

    @Test
    void aLaneWithNothingToDoIsNeverSilent() {
        List<At> events = new ArrayList<>();
        events.add(at(0, new GoalRegistered("ship it", "app")));
        events.add(at(0, new AgentRegistered("A", "")));
        GoalState s = GoalState.load(fold(events), "g1").orElseThrow();
        LaneLiveness l = lane(s, "A", T0.plusSeconds(30 * 86400));
        assertFalse(l.workWaiting());
        assertFalse(l.silent());
    }

    private static LaneLiveness lane(GoalState s, String agent, Instant now) {
        return LaneLiveness.of(s, now).stream()
                .filter(l -> l.agentId().equals(agent))
                .findFirst()
                .orElseThrow();
    }
}
