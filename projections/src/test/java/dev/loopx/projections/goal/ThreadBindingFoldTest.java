package dev.loopx.projections.goal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.AgentThreadBound;
import dev.loopx.ledger.event.AgentThreadUnbound;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.Projector;
import dev.loopx.projections.view.MapViews;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Given binding events, when folded, then view {@code agent_thread} answers which agent a thread is. */
class ThreadBindingFoldTest {
    private static final EventCodec CODEC = new EventCodec(EventCatalog.standard());

    private static MapViews fold(LoopxEvent... events) {
        InMemoryLedger ledger = new InMemoryLedger();
        MapViews views = new MapViews();
        Projector projector = new Projector();
        long head = 0;
        for (LoopxEvent e : events) {
            var proposed = CODEC.propose(
                    e,
                    Instant.parse("2026-01-01T00:00:00Z").plusSeconds(head),
                    "g1",
                    new Actor(ActorKind.OWNER, "o"),
                    "");
            Recorded r = ledger.appendIfHead(head, List.of(proposed)).get().get(0);
            projector.apply(CODEC.decode(r), views);
            head = r.seq();
        }
        return views;
    }

    private static LoopxEvent[] goal(LoopxEvent... more) {
        List<LoopxEvent> all = new java.util.ArrayList<>(
                List.of(new GoalRegistered("", "app"), new AgentRegistered("a", ""), new AgentRegistered("b", "")));
        all.addAll(List.of(more));
        return all.toArray(LoopxEvent[]::new);
    }

    @Test
    void aBoundThreadResolvesToItsAgent_withTheSeqAndTimeOfTheBinding() {
        MapViews views = fold(goal(new AgentThreadBound("a", "codex-app", "t1", "")));
        assertEquals(
                new ThreadBinding("g1", "codex-app", "t1", "a", 4, "2026-01-01T00:00:03.000Z", ""),
                ThreadBindingFold.binding(views, "g1", "codex-app", "t1").orElseThrow());
        assertTrue(ThreadBindingFold.binding(views, "g1", "claude-code", "t1").isEmpty(), "another surface");
    }

    @Test
    void aMoveReplacesTheBinding_andKeepsWhereItCameFrom() {
        MapViews views = fold(goal(
                new AgentThreadBound("a", "codex-app", "t1", ""), new AgentThreadBound("b", "codex-app", "t1", "a")));
        ThreadBinding b =
                ThreadBindingFold.binding(views, "g1", "codex-app", "t1").orElseThrow();
        assertEquals("b", b.agentId());
        assertEquals("a", b.previousAgentId());
        assertEquals(1, ThreadBindingFold.bindings(views, "g1").size());
    }

    @Test
    void anUnbindingRemovesTheBinding_onlyWhenItNamesTheBoundAgent() {
        MapViews stale = fold(goal(
                new AgentThreadBound("a", "codex-app", "t1", ""),
                new AgentThreadBound("b", "codex-app", "t1", "a"),
                new AgentThreadUnbound("a", "codex-app", "t1")));
        assertEquals(
                "b",
                ThreadBindingFold.binding(stale, "g1", "codex-app", "t1")
                        .orElseThrow()
                        .agentId());
        MapViews gone = fold(
                goal(new AgentThreadBound("a", "codex-app", "t1", ""), new AgentThreadUnbound("a", "codex-app", "t1")));
        assertTrue(ThreadBindingFold.binding(gone, "g1", "codex-app", "t1").isEmpty());
        assertEquals(List.of(), ThreadBindingFold.bindings(gone, "g1"));
    }
}
