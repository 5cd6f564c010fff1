package dev.loopx.cli.support;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import picocli.CommandLine;

/**
 * "Did you mean" for a command word LoopX does not know ({@code loopx stauts} → {@code loopx
 * status}): the known names within a small edit distance, or that start with the word. The word
 * itself is never echoed raw ({@link EchoedValues}). Exit 2, {@code invalid_arguments}.
 */
public final class DidYouMean {
    private DidYouMean() {}

    public static CliError unknownCommand(CommandTree.Unknown unknown) {
        String level = String.join(" ", prefixed(unknown.path()));
        List<String> close = closest(unknown.word(), unknown.known());
        String where = "loopx" + (level.isEmpty() ? "" : " " + level);
        String message = (level.isEmpty() ? "unknown command " : "unknown " + level + " command ")
                + "'" + EchoedValues.shown(unknown.word()) + "'"
                + (close.isEmpty()
                        ? ""
                        : "; did you mean "
                                + String.join(
                                        " or ",
                                        close.stream().map(c -> where + " " + c).toList()) + "?");
        String hint = close.isEmpty() ? where + " --help" : where + " " + close.get(0) + " --help";
        return new CliError(ErrorCode.INVALID_ARGUMENTS, message, hint);
    }

    /**
     * For picocli's "unknown option" refusal: {@code "; did you mean --goal-id?"} naming the
     * command's options closest to each unknown {@code --word} (a name LoopX declares, never the
     * typed word), else {@code ""}.
     */
    public static String unknownOptions(CommandLine.ParameterException ex) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException unmatched) || ex.getCommandLine() == null) {
            return "";
        }
        List<String> known = new ArrayList<>();
        for (CommandLine.Model.OptionSpec option :
                ex.getCommandLine().getCommandSpec().options()) {
            if (!option.hidden()) {
                known.add(option.longestName());
            }
        }
        List<String> close = new ArrayList<>();
        for (String arg : unmatched.getUnmatched()) {
            String word = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (word.startsWith("--")) {
                closest(word, known).stream()
                        .limit(1)
                        .filter(k -> !close.contains(k))
                        .forEach(close::add);
            }
        }
        return close.isEmpty() ? "" : "; did you mean " + String.join(" or ", close) + "?";
    }

    private static List<String> prefixed(List<String> path) {
        return path;
    }

    /** Known names at most 2 edits away (1 for short words), or starting with the word; nearest first, at most 3. */
    static List<String> closest(String word, List<String> known) {
        int limit = word.length() <= 4 ? 1 : 2;
        List<String> close = new ArrayList<>();
        for (String k : known) {
            if (distance(word, k) <= limit || (word.length() >= 3 && k.startsWith(word))) {
                close.add(k);
            }
        }
        close.sort(Comparator.comparingInt((String k) -> distance(word, k)).thenComparing(k -> k));
        return close.size() > 3 ? close.subList(0, 3) : close;
    }

    /** Optimal string alignment distance (Levenshtein with adjacent transpositions). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
