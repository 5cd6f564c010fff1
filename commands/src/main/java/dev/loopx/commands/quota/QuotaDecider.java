package dev.loopx.commands.quota;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.quota.QuotaCommands.RecordEvidence;
import dev.loopx.commands.quota.QuotaCommands.SpendSlot;
import dev.loopx.commands.quota.QuotaCommands.VoidSlot;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.QuotaSlotVoided;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.quota.QuotaLog;
import io.vavr.control.Either;
import java.util.List;
import java.util.Optional;

/**
 * Pure quota accounting. Only {@code spend-slot} ever spends, and only for the latest accountable
 * writeback ({@code outcome_progress} / {@code primary_goal_outcome}) that is not spent yet: one
 * delivery, one spend. Voiding compensates; it never deletes.
 */
public final class QuotaDecider {
    private QuotaDecider() {}

    /** Decides any quota command (exhaustive). */
    public static Either<Rejection, List<LoopxEvent>> decide(
            QuotaCommands.QuotaCommand command, Optional<GoalState> state) {
        return switch (command) {
            case RecordEvidence c -> decide(c, state);
            case SpendSlot c -> decide(c, state);
            case VoidSlot c -> decide(c, state);
        };
    }

    public static Either<Rejection, List<LoopxEvent>> decide(RecordEvidence c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        if (!c.agentId().isEmpty() && state.get().goal().agent(c.agentId()).isEmpty()) {
            return Decision.reject(new Rejection.AgentNotRegistered(
                    c.goalId(), c.agentId(), state.get().goal().agentIds()));
        }
        return Decision.accept(new EvidenceRecorded(c.agentId(), c.deliveryOutcome(), c.summary()));
    }

    public static Either<Rejection, List<LoopxEvent>> decide(SpendSlot c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        Optional<QuotaLog.Writeback> latest = state.get().quota().latestAccountable(c.agentId());
        if (latest.isEmpty()) {
            return Decision.reject(new Rejection.NoAccountableWriteback(c.goalId()));
        }
        if (latest.get().spentSeq() != 0) {
            return Decision.reject(new Rejection.WritebackAlreadySpent(
                    latest.get().seq(), latest.get().spentSeq()));
        }
        String agent = c.agentId().isEmpty() ? latest.get().agentId() : c.agentId();
        return Decision.accept(new QuotaSlotSpent(agent, c.slots(), latest.get().seq()));
    }

    public static Either<Rejection, List<LoopxEvent>> decide(VoidSlot c, Optional<GoalState> state) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        Optional<QuotaLog.Spend> spend = state.get().quota().spendAt(c.spentSeq());
        if (spend.isEmpty()) {
            return Decision.reject(new Rejection.SpendNotFound(c.spentSeq()));
        }
        if (spend.get().voidedSeq() != 0) {
            return Decision.unchanged();
        }
        return Decision.accept(new QuotaSlotVoided(c.spentSeq(), c.reasonSummary()));
    }
}
