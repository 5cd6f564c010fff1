package dev.loopx.commands.quota;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.quota.QuotaCommands.RecordEvidence;
import dev.loopx.commands.quota.QuotaCommands.SpendSlot;
import dev.loopx.commands.quota.QuotaCommands.VoidSlot;
import dev.loopx.commands.todo.TodoIds;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.QuotaSlotVoided;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.breaker.BreakerPolicy;
import dev.loopx.projections.breaker.LaneStreak;
import dev.loopx.projections.breaker.SameOutcome;
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
        EvidenceRecorded evidence = new EvidenceRecorded(c.agentId(), c.deliveryOutcome(), c.summary());
        Optional<TodoAdded> gate = sameOutcomeGate(state.get(), evidence);
        return gate.isEmpty() ? Decision.accept(evidence) : Decision.accept(evidence, gate.get());
    }

    /**
     * The owner gate of the same-outcome breaker: when this writeback is the lane's
     * {@code same_outcome_gate_after}-th in a row that is not progress, with the same evidence digest
     * on the same claimed todo ({@link SameOutcome}), a {@code user_gate} scoped to that lane
     * ({@code blocks_agent}; unscoped on a goal without agents, where it blocks the one lane) is
     * added in the same append (a later repeat while one of the lane's gates is open adds none; a
     * limit lowered below a running count opens it at the next repeat). Its text names the lane,
     * the todo, the digest and the seq the run started at, so each run opens its own gate. The owner answers it with {@code todo complete
     * --decision-outcome}, which ends the run (the count starts again). Nothing when the gate
     * already exists.
     */
    static Optional<TodoAdded> sameOutcomeGate(GoalState s, EvidenceRecorded e) {
        if (SameOutcome.isProgress(e.deliveryOutcome())) {
            return Optional.empty();
        }
        String agent = e.agentId();
        String todo = SameOutcome.laneTodo(s.openTodos(), agent);
        String digest = SameOutcome.digest(e.deliveryOutcome(), e.summary());
        Optional<LaneStreak> run = s.sameOutcomeStreak(agent).filter(r -> r.continuedBy(todo, digest));
        BreakerPolicy policy = s.breakerPolicy();
        boolean gated = s.openTodos().stream()
                .anyMatch(t -> t.isUserGate()
                        && !t.done()
                        && !t.globalGate()
                        && t.blocksAgent().equals(agent));
        if (run.isEmpty() || run.get().count() + 1 < policy.gateAfter() || gated) {
            return Optional.empty();
        }
        String text = "Same-outcome breaker: " + (agent.isEmpty() ? "the lane" : "lane " + agent) + " wrote back "
                + policy.gateAfter() + " or more times in a row without progress"
                + (todo.isEmpty() ? "" : " on " + todo) + ", the same evidence each time ("
                + (e.deliveryOutcome().isEmpty() ? "no outcome" : e.deliveryOutcome()) + ", " + digest
                + ", since seq " + run.get().firstSeq() + "). The lane waits for the owner: approve to let it go on,"
                + " reject or cancel to stop it, then change its todo.";
        String id = TodoIds.of(s.goal().goalId(), "user", text);
        if (s.todo(id).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(new TodoAdded(
                id, "user", TodoIds.normalise(text), "user_gate", "", "", agent, false, List.of(), "", ""));
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
