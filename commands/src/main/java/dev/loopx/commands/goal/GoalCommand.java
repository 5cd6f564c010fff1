package dev.loopx.commands.goal;

/** Every command on a goal itself; {@link GoalDecider#decide(GoalCommand, java.util.Optional)} handles each one. */
public sealed interface GoalCommand permits RegisterGoal, ConfigureGoal, ChangeLifecycle {
    String goalId();
}
