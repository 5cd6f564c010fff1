package dev.loopx.cli.goal;

import dev.loopx.cli.CliError;
import dev.loopx.commands.Ids;

/** Validation of ids given on the command line: bad ids are exit 2 before anything is opened. */
public final class GoalOptions {
    private GoalOptions() {}

    public static String requireGoalId(String goalId) {
        Ids.problem("--goal-id", goalId).ifPresent(p -> {
            throw CliError.badInput("invalid_goal_id", p);
        });
        return goalId;
    }
}
