package dev.loopx.commands.scheduler;

import java.time.Instant;

/** Scheduler writeback commands (SPEC §S8). None of them ever spends. */
public final class SchedulerCommands {
    private SchedulerCommands() {}

    /** {@code quota scheduler-ack(-current)}: the host applied {@code appliedRrule} for the live hint. */
    public record AckScheduler(String goalId, String agentId, String surface, String appliedRrule, String resetToken,
            String identitySignature, Instant now) {}

    /** {@code quota scheduler-fail-current}: the host could not apply {@code failedRrule}. */
    public record FailScheduler(String goalId, String agentId, String surface, String failedRrule, String observedRrule) {}

    /** should-run's {@code --turn-instance-id}: a receipt for one host turn. */
    public record ObserveTurn(String goalId, String agentId, String turnInstanceId, String effectiveAction) {}
}
