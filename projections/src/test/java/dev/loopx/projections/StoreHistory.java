package dev.loopx.projections;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.OperationRecorded;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.QuotaSlotVoided;
import dev.loopx.ledger.event.RewardRecorded;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.ledger.memory.InMemoryLedger;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A history that writes every kind of row a store keeps, for the {@link ProjectionStoreContract}:
 * two goals (one registered, configured and joined by agent {@code a1} each), then {@link #ROUNDS}
 * rounds alternating between them. Round {@code i} adds todo {@code t<i>} and records evidence and
 * a quota spend (point views {@code quota_writeback}, {@code quota_spend}); the todo is claimed and
 * completed ({@code i % 3 == 0}), updated and left open ({@code i % 3 == 1}) or completed
 * ({@code i % 3 == 2}) — a completed todo's row leaves {@code todo_open} for {@code todo}; every
 * fifth spend is voided (a point row rewritten); a gate or a reward (point views {@code goal_gate},
 * {@code goal_reward}). A round's events carry operation id {@code op-<i>} and end with its
 * {@code operation.recorded}, except every fourth round, which carries none; every seventh round
 * also records the round before's id, when it has one (indexed under that id too). Sealed and
 * decoded as the runtime does it.
 */
public final class StoreHistory {
    public static final int ROUNDS = 30;
    public static final List<String> GOALS = List.of("g1", "g2");
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private StoreHistory() {}

    /** The history's events, decoded. */
    public static List<Decoded> decoded() {
        return decoded(T0);
    }

    /** The same events recorded from {@code start}: another chain of hashes (another ledger). */
    public static List<Decoded> decoded(Instant start) {
        InMemoryLedger ledger = new InMemoryLedger();
        for (String goal : GOALS) {
            append(ledger, start, goal, "", new GoalRegistered("objective " + goal, "app"));
            append(ledger, start, goal, "", new AgentRegistered("a1", ""));
            append(ledger, start, goal, "", new GoalConfigured(BigDecimal.TEN, 24, 30));
        }
        for (int i = 0; i < ROUNDS; i++) {
            String goal = goalOf(i);
            String op = operationId(i);
            String todo = "t" + i;
            append(
                    ledger,
                    start,
                    goal,
                    op,
                    new TodoAdded(
                            todo, "agent", "work " + todo, "advancement_task", "P1", "", "", false, List.of(), "", ""));
            long writeback =
                    append(ledger, start, goal, op, new EvidenceRecorded("a1", "outcome_progress", "did " + todo));
            long spent = append(ledger, start, goal, op, new QuotaSlotSpent("a1", 1, writeback));
            switch (i % 3) {
                case 0 -> {
                    append(ledger, start, goal, op, new TodoClaimed(todo, "a1"));
                    append(ledger, start, goal, op, new TodoCompleted(todo, "evidence " + i, true, "", List.of()));
                }
                case 1 -> append(ledger, start, goal, op, new TodoUpdated(todo, "work " + todo + " again", "", ""));
                default ->
                    append(ledger, start, goal, op, new TodoCompleted(todo, "evidence " + i, true, "", List.of()));
            }
            if (i % 5 == 0) {
                append(ledger, start, goal, op, new QuotaSlotVoided(spent, "mistake " + i));
            }
            append(
                    ledger,
                    start,
                    goal,
                    op,
                    (i / 2) % 2 == 0
                            ? new GateDecided("gate" + i, "approve", "green")
                            : new RewardRecorded("positive", "good " + i, "", "", ""));
            if (!op.isEmpty()) {
                append(ledger, start, goal, op, new OperationRecorded(op, "sha" + i, "todo add"));
            }
            if (i % 7 == 6 && !operationId(i - 1).isEmpty()) {
                append(ledger, start, goal, op, new OperationRecorded(operationId(i - 1), "sha" + i, "todo add"));
            }
        }
        List<Decoded> all = new ArrayList<>();
        try (var cursor = ledger.readFrom(1)) {
            cursor.forEachRemaining(r -> all.add(TodoHistories.CODEC.decode(r)));
        }
        return all;
    }

    public static String goalOf(int round) {
        return GOALS.get(round % 2);
    }

    /** The operation id of round {@code round}'s events; empty for every fourth round. */
    public static String operationId(int round) {
        return round % 4 == 3 ? "" : "op-" + round;
    }

    /** Whether round {@code round}'s todo is still open at the end. */
    public static boolean open(int round) {
        return round % 3 == 1;
    }

    /** The seqs, ascending, that the idempotency index holds for {@code operationId} in {@code history}. */
    public static List<Long> operationSeqs(List<Decoded> history, String operationId) {
        return history.stream()
                .filter(d -> d.envelope().operationId().equals(operationId)
                        || d.event() instanceof OperationRecorded e
                                && e.operationId().equals(operationId))
                .map(Decoded::seq)
                .toList();
    }

    private static long append(
            InMemoryLedger ledger,
            Instant start,
            String goal,
            String operationId,
            dev.loopx.ledger.event.LoopxEvent event) {
        long head = ledger.head().seq();
        var proposed = TodoHistories.CODEC.propose(
                event, start.plusSeconds(head), goal, new Actor(ActorKind.AGENT, "a1"), operationId);
        Recorded recorded = ledger.appendIfHead(head, List.of(proposed)).get().get(0);
        return recorded.seq();
    }
}
