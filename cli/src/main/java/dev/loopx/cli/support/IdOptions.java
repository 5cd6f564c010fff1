package dev.loopx.cli.support;

import dev.loopx.commands.Ids;
import dev.loopx.commands.privacy.PublicText;
import dev.loopx.commands.todo.TodoIds;

/**
 * Validation of ids and labels given on the command line (and set by MCP tool calls): bad ids are
 * exit 2 before anything is opened. An id reaches the ledger and every answer about it, so beyond
 * its shape (SPEC §S0, {@link Ids}) it passes the same privacy guard as free text
 * ({@link PublicText}): {@code --goal-id sk-ant-…}, {@code --agent-id AKIA…} or {@code --gate ghp_…}
 * are {@code public_boundary_violation}, never echoed.
 */
public final class IdOptions {
    private IdOptions() {}

    public static String requireGoalId(String goalId) {
        TextOptions.requireWellFormed("--goal-id", goalId);
        Ids.problem("--goal-id", goalId).ifPresent(p -> {
            throw CliError.badInput(ErrorCode.INVALID_GOAL_ID, p);
        });
        return requirePublic("--goal-id", goalId);
    }

    /** Any other id option (agent, todo reference, operation, label): same rule, its own error code. */
    public static String requireId(String option, String value) {
        TextOptions.requireWellFormed(option, value);
        Ids.problem(option, value).ifPresent(p -> {
            throw CliError.badInput(
                    option.equals("--agent-id") || option.equals("--claimed-by") || option.equals("--blocks-agent")
                            ? ErrorCode.INVALID_AGENT_ID
                            : ErrorCode.INVALID_VALUE,
                    p);
        });
        return requirePublic(option, value);
    }

    /**
     * The error code of a value the rule every option follows ({@link TextOptions#argumentProblem})
     * refused as {@code invalid_value}: an id option's own code (as its own check would answer).
     */
    public static ErrorCode codeFor(String option, ErrorCode code) {
        if (code != ErrorCode.INVALID_VALUE) {
            return code;
        }
        return switch (option) {
            case "--goal-id" -> ErrorCode.INVALID_GOAL_ID;
            case "--agent-id", "--claimed-by", "--blocks-agent" -> ErrorCode.INVALID_AGENT_ID;
            case "--todo-id" -> ErrorCode.INVALID_TODO_ID;
            default -> code;
        };
    }

    public static String requireTodoId(String value) {
        return requireTodoId("--todo-id", value);
    }

    /** {@code value} of {@code option} is a todo id ({@code todo_} + 12 hex digits), else {@code invalid_todo_id}. */
    public static String requireTodoId(String option, String value) {
        TextOptions.requireWellFormed(option, value);
        if (!TodoIds.isTodoId(value)) {
            throw CliError.badInput(
                    ErrorCode.INVALID_TODO_ID, option + " must look like todo_ followed by 12 hex digits");
        }
        return value;
    }

    /** Whether {@code value} is a well-shaped id that passes the privacy guard (safe to print back in a hint). */
    public static boolean looksLikeId(String value) {
        return value != null
                && TextOptions.wellFormed(value)
                && Ids.problem("--id", value).isEmpty()
                && PublicText.check("--id", value).isEmpty();
    }

    /** The privacy guard on a well-shaped id: a credential or random token is refused, never echoed. */
    private static String requirePublic(String option, String value) {
        PublicText.check(option, value).ifPresent(v -> {
            throw new CliError(v.errorCode(), v.message(), v.hint());
        });
        return value;
    }
}
