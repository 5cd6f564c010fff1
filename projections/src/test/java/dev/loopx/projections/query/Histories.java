package dev.loopx.projections.query;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.Projector;
import dev.loopx.projections.view.MapViews;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A goal's history folded exactly as the runtime does it (encode, seal, decode, project), like the
 * fixtures module's {@code Scenario} (which projections cannot depend on). Event {@code i} (from 1)
 * is recorded at seq {@code i} and time {@code T0 + (i - 1) s}.
 */
final class Histories {
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    static final Instant NOW = Instant.parse("2026-01-01T01:00:00Z");
    static final String GOAL = "g1";
    private static final EventCodec CODEC = new EventCodec(EventCatalog.standard());

    private Histories() {}

    static GoalState state(List<LoopxEvent> history) {
        InMemoryLedger ledger = new InMemoryLedger();
        MapViews views = new MapViews();
        Projector projector = new Projector();
        long head = 0;
        for (LoopxEvent event : history) {
            var proposed = CODEC.propose(event, T0.plusSeconds(head), GOAL, new Actor(ActorKind.OWNER, "owner"), "");
            Recorded recorded =
                    ledger.appendIfHead(head, List.of(proposed)).get().get(0);
            projector.apply(CODEC.decode(recorded), views);
            head = recorded.seq();
        }
        return GoalState.load(views, GOAL).orElseThrow();
    }

    /** A registered goal, its agents, then {@code more}. */
    static GoalState goal(List<String> agents, LoopxEvent... more) {
        List<LoopxEvent> history = new ArrayList<>();
        history.add(new GoalRegistered("", "app"));
        agents.forEach(a -> history.add(new AgentRegistered(a, "")));
        history.addAll(List.of(more));
        return state(history);
    }

    static TodoAdded work(String id, String claimedBy) {
        return new TodoAdded(
                id, "agent", "work " + id, "advancement_task", "P1", claimedBy, "", false, List.of(), "", "");
    }

    static TodoAdded monitor(String id, String resumeWhen) {
        return new TodoAdded(
                id, "agent", "watch " + id, "continuous_monitor", "P2", "", "", false, List.of(), "", resumeWhen);
    }

    static TodoAdded gate(String id, String blocksAgent) {
        return new TodoAdded(id, "user", "approve " + id, "user_gate", "P0", "", blocksAgent, false, List.of(), "", "");
    }

    static TodoAdded userTodo(String id) {
        return new TodoAdded(id, "user", "do " + id, "user_action", "P2", "", "", false, List.of(), "", "");
    }

    static TodoCompleted done(String id, boolean noFollowup) {
        return new TodoCompleted(id, "evidence for " + id, noFollowup, "", List.of());
    }

    static ShouldRun.Request request(String agent, String profile) {
        return new ShouldRun.Request(GOAL, agent, RuntimeProfile.fromWire(profile), List.of(), "", "", NOW);
    }
}
