package dev.loopx.cli.todo;

import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.projections.todo.TodoStatus;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** The one reading of {@code --status} values, shared by the todo commands. */
final class TodoStatuses {
    private TodoStatuses() {}

    /** The named status if it is one of {@code allowed}; exit 2 {@code invalid_enum} listing them in that order otherwise. */
    static TodoStatus require(String value, TodoStatus... allowed) {
        return TodoStatus.fromWire(value)
                .filter(List.of(allowed)::contains)
                .orElseThrow(() -> CliError.badInput(
                        ErrorCode.INVALID_ENUM,
                        "--status must be one of: "
                                + Arrays.stream(allowed).map(TodoStatus::wire).collect(Collectors.joining(", "))));
    }
}
