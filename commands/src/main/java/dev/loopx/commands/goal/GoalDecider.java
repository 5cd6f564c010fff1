package dev.loopx.commands.goal;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.ledger.event.GoalBreakerConfigured;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.GoalReplanPolicyConfigured;
import dev.loopx.ledger.event.GoalResumed;
import dev.loopx.ledger.event.GoalStopped;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoSectionsDeclared;
import dev.loopx.projections.goal.GoalView;
import io.vavr.control.Either;
import java.util.List;
import java.util.Optional;

/** Pure decisions about a goal's identity and policy, given the goal's current view. */
public final class GoalDecider {
    private GoalDecider() {}

    /** Decides any goal command (exhaustive). */
    public static Either<Rejection, List<LoopxEvent>> decide(GoalCommand command, Optional<GoalView> goal) {
        return switch (command) {
            case RegisterGoal c -> decide(c, goal);
            case ConfigureGoal c -> decide(c, goal);
            case ChangeLifecycle c -> decide(c, goal);
        };
    }

    /**
     * Registering is idempotent: an existing goal is never overwritten. A new goal is registered
     * with both todo sections declared ({@code todo.sections_declared}, same append), so a goal
     * whose work is all done with {@code --no-follow-up} reaches its terminal state without a
     * {@code declare-empty}.
     */
    public static Either<Rejection, List<LoopxEvent>> decide(RegisterGoal command, Optional<GoalView> goal) {
        if (goal.isPresent()) {
            return Decision.unchanged();
        }
        return Decision.accept(
                new GoalRegistered(command.objective(), command.projectLabel()),
                new TodoSectionsDeclared(List.of("agent", "user")));
    }

    /** Stopping a stopped goal or resuming an active one changes nothing. */
    public static Either<Rejection, List<LoopxEvent>> decide(ChangeLifecycle command, Optional<GoalView> goal) {
        if (goal.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(command.goalId()));
        }
        if (goal.get().stopped() == command.stop()) {
            return Decision.unchanged();
        }
        return Decision.accept(command.stop() ? new GoalStopped(command.reason()) : new GoalResumed(command.reason()));
    }

    /** The same policy again changes nothing; an unknown goal is refused. */
    public static Either<Rejection, List<LoopxEvent>> decide(ConfigureGoal command, Optional<GoalView> goal) {
        if (goal.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(command.goalId()));
        }
        GoalView.QuotaPolicy wanted =
                new GoalView.QuotaPolicy(command.compute(), command.windowHours(), command.slotMinutes());
        if (wanted.equals(goal.get().quota())) {
            return Decision.unchanged();
        }
        return Decision.accept(new GoalConfigured(command.compute(), command.windowHours(), command.slotMinutes()));
    }

    /**
     * {@code configure-goal --replan-after-completed-todos N} (1–5): the same value again changes
     * nothing. {@code current} is the goal's value now (5 when never configured).
     */
    /**
     * The same-outcome breaker's limits ({@code goal.breaker_configured}): recorded only when they
     * differ from the goal's current ones; the gate must come after the replan.
     */
    public static Either<Rejection, List<LoopxEvent>> decideBreaker(
            int replanAfter, int gateAfter, int currentReplanAfter, int currentGateAfter) {
        if (gateAfter <= replanAfter) {
            return Decision.reject(new Rejection.SameOutcomeLimitsOutOfOrder(replanAfter, gateAfter));
        }
        return replanAfter == currentReplanAfter && gateAfter == currentGateAfter
                ? Decision.unchanged()
                : Decision.accept(new GoalBreakerConfigured(replanAfter, gateAfter));
    }

    public static Either<Rejection, List<LoopxEvent>> decideReplanPolicy(int wanted, int current) {
        return wanted == current ? Decision.unchanged() : Decision.accept(new GoalReplanPolicyConfigured(wanted));
    }
}
