package dev.loopx.commands.quota;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.quota.QuotaCommands.RecordEvidence;
import dev.loopx.commands.quota.QuotaCommands.SpendSlot;
import dev.loopx.commands.quota.QuotaCommands.VoidSlot;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.QuotaSlotVoided;
import dev.loopx.projections.GoalState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Evidence writebacks and quota accounting (SPEC §S6): one accountable delivery, one spend;
 * voiding compensates. Seqs: the goal is seq 1, agent {@code a} seq 2, then the events listed.
 */
class QuotaDeciderTest {
    private static final String G = "g1";
    private static final List<String> AGENTS = List.of("a");
    private static final EvidenceRecorded PROGRESS =
            new EvidenceRecorded("a", "outcome_progress", "importer parses CSV");

    private static SpendSlot spend() {
        return new SpendSlot(G, "", 1);
    }

    @Test
    void evidenceFromARegisteredAgent_isRecordedAsGiven() {
        Scenario.givenGoalWithAgents(G, AGENTS)
                .when(views -> QuotaDecider.decide(
                        new RecordEvidence(G, "a", "surface_only", "renamed a file"), GoalState.load(views, G)))
                .thenEvents(new EvidenceRecorded("a", "surface_only", "renamed a file"));
    }

    @Test
    void evidenceFromAnUnregisteredAgent_isRejectedWithAgentNotRegistered() {
        Scenario.givenGoalWithAgents(G, AGENTS)
                .when(views -> QuotaDecider.decide(
                        new RecordEvidence(G, "zed", "outcome_progress", "x"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.AgentNotRegistered(G, "zed", AGENTS));
    }

    @Test
    void evidenceOnAnUnknownGoal_isRejectedWithGoalNotFound() {
        Scenario.given(G)
                .when(views -> QuotaDecider.decide(
                        new RecordEvidence(G, "", "outcome_progress", "x"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.GoalNotFound(G));
    }

    @Test
    void spendingWithoutAnyWriteback_isRejectedWithNoAccountableWriteback() {
        Scenario.givenGoalWithAgents(G, AGENTS)
                .when(views -> QuotaDecider.decide(spend(), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.NoAccountableWriteback(G));
    }

    @Test
    void spendingAfterOnlySurfaceOnlyAndOutcomeGapWritebacks_isRejectedWithNoAccountableWriteback() {
        Scenario.givenGoalWithAgents(
                        G,
                        AGENTS,
                        new EvidenceRecorded("a", "surface_only", "docs typo"),
                        new EvidenceRecorded("a", "outcome_gap", "blocked on credentials"))
                .when(views -> QuotaDecider.decide(spend(), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.NoAccountableWriteback(G));
    }

    @Test
    void spendingAfterOutcomeProgress_recordsASpendReferencingThatWritebacksSeq() {
        Scenario.givenGoalWithAgents(G, AGENTS, PROGRESS)
                .when(views -> QuotaDecider.decide(spend(), GoalState.load(views, G)))
                .thenEvents(new QuotaSlotSpent("a", 1, 3));
    }

    @Test
    void spendingAfterPrimaryGoalOutcome_recordsASpendForIt() {
        Scenario.givenGoalWithAgents(G, AGENTS, new EvidenceRecorded("a", "primary_goal_outcome", "importer shipped"))
                .when(views -> QuotaDecider.decide(new SpendSlot(G, "a", 2), GoalState.load(views, G)))
                .thenEvents(new QuotaSlotSpent("a", 2, 3));
    }

    @Test
    void spendingForOneAgent_ignoresAnotherAgentsWriteback() {
        Scenario.givenGoalWithAgents(G, List.of("a", "b"), new EvidenceRecorded("a", "outcome_progress", "x"))
                .when(views -> QuotaDecider.decide(new SpendSlot(G, "b", 1), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.NoAccountableWriteback(G));
    }

    @Test
    void aSecondSpendForTheSameWriteback_isRejectedWithWritebackAlreadySpent() {
        Scenario.givenGoalWithAgents(G, AGENTS, PROGRESS, new QuotaSlotSpent("a", 1, 3))
                .when(views -> QuotaDecider.decide(spend(), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.WritebackAlreadySpent(3, 4));
    }

    @Test
    void aNewAccountableWritebackAfterASpend_canBeSpent() {
        Scenario.givenGoalWithAgents(
                        G,
                        AGENTS,
                        PROGRESS,
                        new QuotaSlotSpent("a", 1, 3),
                        new EvidenceRecorded("a", "outcome_progress", "importer parses JSON"))
                .when(views -> QuotaDecider.decide(spend(), GoalState.load(views, G)))
                .thenEvents(new QuotaSlotSpent("a", 1, 5));
    }

    /**
     * Current behaviour, kept on purpose by the decider: voiding a spend makes its writeback
     * unspent again ({@code QuotaFold.voided} resets {@code spent_seq}), so the next spend-slot
     * spends that same writeback again.
     */
    @Test
    void afterAVoid_theSameWritebackCanBeSpentAgain() {
        Scenario.givenGoalWithAgents(
                        G, AGENTS, PROGRESS, new QuotaSlotSpent("a", 1, 3), new QuotaSlotVoided(4, "double count"))
                .when(views -> QuotaDecider.decide(spend(), GoalState.load(views, G)))
                .thenEvents(new QuotaSlotSpent("a", 1, 3));
    }

    @Test
    void afterAVoidAndARespend_aThirdSpendIsRejectedWithWritebackAlreadySpentNamingTheNewSpend() {
        Scenario.givenGoalWithAgents(
                        G,
                        AGENTS,
                        PROGRESS,
                        new QuotaSlotSpent("a", 1, 3),
                        new QuotaSlotVoided(4, "oops"),
                        new QuotaSlotSpent("a", 1, 3))
                .when(views -> QuotaDecider.decide(spend(), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.WritebackAlreadySpent(3, 6));
    }

    @Test
    void voidingASpend_recordsTheCompensatingEvent() {
        Scenario.givenGoalWithAgents(G, AGENTS, PROGRESS, new QuotaSlotSpent("a", 1, 3))
                .when(views -> QuotaDecider.decide(new VoidSlot(G, 4, "double count"), GoalState.load(views, G)))
                .thenEvents(new QuotaSlotVoided(4, "double count"));
    }

    @Test
    void voidingAnUnknownSeq_isRejectedWithSpendNotFound() {
        Scenario.givenGoalWithAgents(G, AGENTS, PROGRESS, new QuotaSlotSpent("a", 1, 3))
                .when(views -> QuotaDecider.decide(new VoidSlot(G, 99, "typo"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.SpendNotFound(99));
    }

    @Test
    void voidingTheSeqOfAWritebackRatherThanASpend_isRejectedWithSpendNotFound() {
        Scenario.givenGoalWithAgents(G, AGENTS, PROGRESS, new QuotaSlotSpent("a", 1, 3))
                .when(views -> QuotaDecider.decide(new VoidSlot(G, 3, "typo"), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.SpendNotFound(3));
    }

    @Test
    void voidingAVoidedSpend_changesNothing() {
        Scenario.givenGoalWithAgents(
                        G, AGENTS, PROGRESS, new QuotaSlotSpent("a", 1, 3), new QuotaSlotVoided(4, "first"))
                .when(views -> QuotaDecider.decide(new VoidSlot(G, 4, "second"), GoalState.load(views, G)))
                .thenNothingChanged();
    }

    @Test
    void spendingOnAnUnknownGoal_isRejectedWithGoalNotFound() {
        Scenario.given(G)
                .when(views -> QuotaDecider.decide(spend(), GoalState.load(views, G)))
                .thenRejectedWith(new Rejection.GoalNotFound(G));
    }
}
