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

    /** Any other id option (agent, todo reference, operation): same rule, its own error code. */
    public static String requireId(String option, String value) {
        Ids.problem(option, value).ifPresent(p -> {
            throw CliError.badInput(
                    option.equals("--agent-id") || option.equals("--claimed-by") || option.equals("--blocks-agent")
                            ? "invalid_agent_id"
                            : "invalid_value",
                    p);
        });
        return value;
    }

    public static String requireTodoId(String value) {
        if (!dev.loopx.commands.todo.TodoIds.isTodoId(value)) {
            throw CliError.badInput("invalid_todo_id", "--todo-id must look like todo_ followed by 12 hex digits");
        }
        return value;
    }
}
