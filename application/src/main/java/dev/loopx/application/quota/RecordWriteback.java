package dev.loopx.application.quota;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.quota.QuotaCommands.RecordEvidence;
import dev.loopx.ledger.event.TodoAdded;
import io.vavr.control.Either;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Use case "write a turn's evidence back" ({@code refresh-state}): one {@code evidence.recorded},
 * and — when it is the lane's {@code same_outcome_gate_after}-th writeback in a row with the same
 * evidence — the same-outcome breaker's owner gate in the same append. The result names that gate,
 * so the answer can say how the owner answers it.
 */
public final class RecordWriteback {
    private RecordWriteback() {}

    /**
     * The write's outcome and the owner gate it opened (or, for a preview, would open): its todo
     * id, empty when none (also for a repeated operation id, which decides nothing).
     */
    public record Result(GoalWrites.Outcome outcome, String gateTodoId) {
        public Result {
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(gateTodoId, "gateTodoId");
        }
    }

    public static Either<Rejection, Result> run(Invocation invocation, WriteOptions options, RecordEvidence command) {
        GoalWrites.Request plain = GoalWrites.request(options, new GoalWrite.Quota(command));
        AtomicReference<String> gate = new AtomicReference<>("");
        GoalWrites.Decision decision = (goal, views) -> plain.decision()
                .decide(goal, views)
                .peek(events -> events.stream()
                        .filter(TodoAdded.class::isInstance)
                        .map(e -> ((TodoAdded) e).todoId())
                        .findFirst()
                        .ifPresent(gate::set));
        GoalWrites.Request request = new GoalWrites.Request(
                plain.goalId(),
                plain.actor(),
                plain.operationId(),
                plain.intent(),
                plain.preview(),
                decision,
                plain.todoId(),
                plain.quotaAfter());
        return GoalWrites.run(invocation, request).map(outcome -> new Result(outcome, gate.get()));
    }
}
