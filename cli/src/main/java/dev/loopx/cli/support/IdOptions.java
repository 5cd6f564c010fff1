package dev.loopx.cli.support;

import dev.loopx.commands.Ids;

/** Validation of ids given on the command line: bad ids are exit 2 before anything is opened. */
public final class IdOptions {
    private IdOptions() {}

    public static String requireGoalId(String goalId) {
        Ids.problem("--goal-id", goalId).ifPresent(p -> {
            throw CliError.badInput("invalid_goal_id", p);
        });
        return goalId;
    }
}
