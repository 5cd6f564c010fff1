package dev.loopx.projections.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.QuotaSlotVoided;
import dev.loopx.ledger.event.RewardRecorded;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.Projector;
import dev.loopx.projections.view.MapViews;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Given evidence, spends, rewards and gate runs, when folded, then a lane's log is its own items and the goal's, newest first. */
class EvidenceLogTest {
    private static final EventCodec CODEC = new EventCodec(EventCatalog.standard());

    private static MapViews fold(LoopxEvent... events) {
        InMemoryLedger ledger = new InMemoryLedger();
        MapViews views = new MapViews();
        Projector projector = new Projector();
        long head = 0;
        List<LoopxEvent> all = new ArrayList<>(
                List.of(new GoalRegistered("", "app"), new AgentRegistered("a", ""), new AgentRegistered("b", "")));
        all.addAll(List.of(events));
        for (LoopxEvent e : all) {
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

    private static List<Long> seqs(List<EvidenceLog.Item> items) {
        return items.stream().map(EvidenceLog.Item::seq).toList();
    }

    @Test
    void aLanesLog_isItsOwnWritebacksAndSpendsAndTheGoalsRewardsAndGates_newestFirst() {
        MapViews views = fold(
                new EvidenceRecorded("a", "outcome_progress", "parser"), // 4
                new QuotaSlotSpent("a", 1, 4), // 5
                new EvidenceRecorded("b", "outcome_progress", "review"), // 6
                new RewardRecorded("positive", "shipped", "", "", ""), // 7
                new GateDecided("schema", "approve", "reviewed")); // 8
        List<EvidenceLog.Item> a = EvidenceLog.of(views, "g1", "a");
        assertEquals(List.of(8L, 7L, 5L, 4L), seqs(a));
        assertInstanceOf(EvidenceLog.Item.Gate.class, a.get(0));
        assertInstanceOf(EvidenceLog.Item.Reward.class, a.get(1));
        assertInstanceOf(EvidenceLog.Item.Spend.class, a.get(2));
        assertEquals(5, ((EvidenceLog.Item.Writeback) a.get(3)).row().spentSeq(), "the writeback as it is now");
        assertEquals(List.of(8L, 7L, 6L), seqs(EvidenceLog.of(views, "g1", "b")));
    }

    @Test
    void aVoidedSpend_showsItsVoid() {
        MapViews views = fold(
                new EvidenceRecorded("a", "outcome_progress", "parser"), // 4
                new QuotaSlotSpent("a", 1, 4), // 5
                new QuotaSlotVoided(5, "wrong lane")); // 6
        EvidenceLog.Item.Spend spend =
                (EvidenceLog.Item.Spend) EvidenceLog.of(views, "g1", "a").get(0);
        assertEquals(6, spend.row().voidedSeq());
        assertEquals(
                0,
                ((EvidenceLog.Item.Writeback) EvidenceLog.of(views, "g1", "a").get(1))
                        .row()
                        .spentSeq());
    }

    @Test
    void eachLaneKeepsOnlyItsNewestItems() {
        List<LoopxEvent> many = new ArrayList<>();
        for (int i = 0; i < EvidenceFold.KEPT + 5; i++) {
            many.add(new EvidenceRecorded("a", "surface_only", "step " + i));
        }
        many.add(new RewardRecorded("neutral", "fine", "", "", ""));
        MapViews views = fold(many.toArray(LoopxEvent[]::new));
        List<EvidenceLog.Item> a = EvidenceLog.of(views, "g1", "a");
        assertEquals(EvidenceFold.KEPT + 1, a.size(), "the lane's newest KEPT plus the goal-wide reward");
        assertEquals(
                "step " + (EvidenceFold.KEPT + 4),
                ((EvidenceLog.Item.Writeback) a.get(1)).row().summary());
        assertEquals(
                "step 5",
                ((EvidenceLog.Item.Writeback) a.get(a.size() - 1)).row().summary());
        assertEquals(
                EvidenceFold.KEPT, EvidenceFold.recent(views, "g1", "a").refs().size());
    }

    @Test
    void aGoalWithoutAgents_readsItsAgentlessItemsInTheGoalLane() {
        MapViews views = fold(new EvidenceRecorded("", "outcome_progress", "done"), new QuotaSlotSpent("", 1, 4));
        assertEquals(List.of(5L, 4L), seqs(EvidenceLog.of(views, "g1", "")));
        assertEquals(List.of(), EvidenceLog.of(views, "g1", "a"));
    }
}
