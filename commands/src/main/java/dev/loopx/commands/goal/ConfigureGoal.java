package dev.loopx.commands.goal;

import java.math.BigDecimal;
import java.util.Objects;

/** Replace a goal's quota policy (SPEC §S3); values are validated by the caller's parser. */
public record ConfigureGoal(String goalId, BigDecimal compute, int windowHours, int slotMinutes)
        implements GoalCommand {
    public ConfigureGoal {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(compute, "compute");
    }
}
