package dev.loopx.commands.scheduler;

import java.time.Instant;

/** Scheduler writeback commands (SPEC §S8). None of them ever spends. */
public final class SchedulerCommands {
    private SchedulerCommands() {}

    /** Every scheduler command; {@link SchedulerDecider#decide(SchedulerCommand, java.util.Optional, dev.loopx.projections.view.Views)} handles each one. */
    public sealed interface SchedulerCommand permits AckScheduler, FailScheduler, ObserveTurn, AcknowledgeStop {
        String goalId();
    }

    /** {@code quota scheduler-ack(-current)}: the host applied {@code appliedRrule} for the live hint. */
    public record AckScheduler(
            String goalId,
            String agentId,
            String surface,
            String appliedRrule,
            String resetToken,
            String identitySignature,
            Instant now)
            implements SchedulerCommand {}

    /** {@code quota scheduler-fail-current}: the host could not apply {@code failedRrule}. */
    public record FailScheduler(String goalId, String agentId, String surface, String failedRrule, String observedRrule)
            implements SchedulerCommand {}

    /** The first should-run of a lane after its goal was stopped (issue 36): the lane has been told. */
    public record AcknowledgeStop(String goalId, String agentId) implements SchedulerCommand {}

    /** should-run's {@code --turn-instance-id}: a receipt for one host turn. */
    public record ObserveTurn(String goalId, String agentId, String turnInstanceId, String effectiveAction)
            implements SchedulerCommand {}
}
