package dev.loopx.cli.support;

import dev.loopx.cli.render.Words;
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
