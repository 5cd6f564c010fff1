package dev.loopx.projections;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.ledger.memory.InMemoryLedger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A seeded ledger for store and catch-up tests: one goal whose todos are added, claimed,
 * updated and completed (view rows written, rewritten and removed), each event with its own
 * operation id, sealed and decoded exactly as the runtime does it.
 */
public final class TodoHistories {
    public static final EventCodec CODEC = new EventCodec(EventCatalog.standard());

    private TodoHistories() {}

    public static InMemoryLedger ledger(long seed, int events) {
        Random random = new Random(seed);
        InMemoryLedger ledger = new InMemoryLedger();
        List<String> open = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < events; i++) {
            LoopxEvent event;
            if (i == 0) {
                event = new GoalRegistered("objective", "app");
            } else if (i == 1) {
                event = new AgentRegistered("a1", "");
            } else if (open.isEmpty() || random.nextInt(3) == 0) {
                String id = "t" + next++;
                open.add(id);
                event = new TodoAdded(
                        id, "agent", "work " + id, "advancement_task", "P1", "", "", false, List.of(), "", "");
            } else {
                String id = open.get(random.nextInt(open.size()));
                event = switch (random.nextInt(3)) {
                    case 0 -> new TodoClaimed(id, "a1");
                    case 1 -> new TodoUpdated(id, "work " + id + " v" + i, "", "");
                    default -> {
                        open.remove(id);
                        yield new TodoCompleted(id, "evidence " + i, true, "", List.of());
                    }
                };
            }
            var proposed = CODEC.propose(
                    event,
                    Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i),
                    "g1",
                    new Actor(ActorKind.AGENT, "a1"),
                    "op-" + seed + "-" + i);
            ledger.appendIfHead(i, List.of(proposed)).get();
        }
        return ledger;
    }

    /** Every event of {@code ledger}, decoded. */
    public static List<Decoded> decoded(InMemoryLedger ledger) {
        List<Decoded> all = new ArrayList<>();
        try (var cursor = ledger.readFrom(1)) {
            cursor.forEachRemaining(r -> all.add(CODEC.decode(r)));
        }
        return all;
    }
}
