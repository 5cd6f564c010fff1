package dev.loopx.cli.support;

import dev.loopx.commands.Ids;

/** Validation of ids given on the command line: bad ids are exit 2 before anything is opened. */
public final class IdOptions {
    private IdOptions() {}

    public static String requireGoalId(String goalId) {
        Ids.problem("--goal-id", goalId).ifPresent(p -> {
            throw CliError.badInput(ErrorCode.INVALID_GOAL_ID, p);
        });
        return goalId;
    }

    /** Any other id option (agent, todo reference, operation): same rule, its own error code. */
    public static String requireId(String option, String value) {
        Ids.problem(option, value).ifPresent(p -> {
            throw CliError.badInput(
                    option.equals("--agent-id") || option.equals("--claimed-by") || option.equals("--blocks-agent")
                            ? ErrorCode.INVALID_AGENT_ID
                            : ErrorCode.INVALID_VALUE,
                    p);
        });
        return value;
    }

    public static String requireTodoId(String value) {
        if (!dev.loopx.commands.todo.TodoIds.isTodoId(value)) {
            throw CliError.badInput(
                    ErrorCode.INVALID_TODO_ID, "--todo-id must look like todo_ followed by 12 hex digits");
        }
        return value;
    }
}
