package dev.loopx.commands.goal;

import java.util.Objects;

/** Register a goal in a runtime root (what {@code loopx connect} decides). */
public record RegisterGoal(String goalId, String objective, String projectLabel) implements GoalCommand {
    public RegisterGoal {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(projectLabel, "projectLabel");
    }
}
