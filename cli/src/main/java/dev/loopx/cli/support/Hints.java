package dev.loopx.cli.support;

import dev.loopx.cli.render.CommandLines;
import dev.loopx.cli.render.Words;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Remedy;
import java.util.List;
import java.util.Map;

/**
 * A hint as a person at a terminal sees it (text mode): runnable as printed. What the command was
 * given fills its placeholders ({@code --goal-id <goal>} becomes the goal id the command named,
 * {@code --project <dir>} the current folder); what must come from the person is quoted so it
 * pastes ({@code --summary 'WHAT WAS DELIVERED'}). The JSON {@code hint} field is unchanged.
 */
public final class Hints {
    /** The option whose value fills each placeholder it is known by. */
    static final Map<String, List<String>> FILLED = Map.of(
            "--goal-id", List.of("<goal>", "<goal-id>", "<id>"),
            "--agent-id", List.of("<agent>", "<agent-id>", "<id>"),
            "--todo-id", List.of("<todo>", "<todo-id>"));

    private Hints() {}

    /**
     * A refusal's remedy with the inputs the refused command's own options answer filled in
     * ({@code --goal-id g1} given to a {@code todo claim} fills the goal of the {@code todo list} it
     * suggests). What the person must give stays an input.
     */
    public static Remedy fill(Remedy remedy, Map<String, String> known) {
        Remedy filled = remedy;
        for (NextStep.Input in : remedy.inputs()) {
            String value = known.get(CommandLines.flag(in.flag()));
            if (value != null && !value.isBlank()) {
                filled = filled.fill(in.flag(), value);
            }
        }
        return filled;
    }

    public static String runnable(String hint, Map<String, String> known) {
        String filled = hint;
        for (var option : FILLED.entrySet()) {
            String value = known.get(option.getKey());
            if (value == null) {
                continue;
            }
            for (String placeholder : option.getValue()) {
                filled = filled.replace(option.getKey() + " " + placeholder, option.getKey() + " " + value);
            }
        }
        filled = filled.replace("--project <dir>", "--project .").replace("--project <your-project>", "--project .");
        return Words.pasteable(filled);
    }
}
