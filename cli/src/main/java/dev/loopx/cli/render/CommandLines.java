package dev.loopx.cli.render;

import java.util.ArrayList;
import java.util.List;

/** A command given as a JSON array of arguments, as one line a person can paste ({@code loopx …}, shell-quoted). */
final class CommandLines {
    private CommandLines() {}

    static String of(List<String> cliArgs) {
        List<String> words = new ArrayList<>(List.of("loopx"));
        cliArgs.forEach(a -> words.add(Words.shellWord(a)));
        return String.join(" ", words);
    }
}
