package dev.loopx.commands.goal;

import java.util.Objects;

/** Stop or resume a goal ({@code goal-lifecycle}); only an owner or controller may. */
public record ChangeLifecycle(String goalId, boolean stop, String reason) implements GoalCommand {
    public ChangeLifecycle {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(reason, "reason");
    }
}
