package dev.loopx.cli.global;

import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;

/**
 * The four global reads as functions, shared by their commands and the dashboard: {@code name}
 * is the command's name, its answer the one the command renders.
 */
public final class GlobalReads {
    private GlobalReads() {}

    /**
     * {@code loopx global-summary | global-gates | global-todos | global-risks}.
     *
     * @throws CliError {@code invalid_arguments} for any other name
     */
    public static RenderedAnswer answer(CliContext context, String name) {
        GlobalCommand<?> read = switch (name) {
            case "global-summary" -> new GlobalSummaryCommand();
            case "global-gates" -> new GlobalGatesCommand();
            case "global-todos" -> new GlobalTodosCommand();
            case "global-risks" -> new GlobalRisksCommand();
            default -> throw CliError.badInput(ErrorCode.INVALID_ARGUMENTS, "no such global read: " + name);
        };
        return read.answer(context);
    }
}
