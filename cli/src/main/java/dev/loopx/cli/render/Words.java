package dev.loopx.cli.render;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Small wording rules shared by every text view: plurals, quoting, short hashes, and commands a
 * person can paste as printed ({@link #pasteable}). Pure; no I/O.
 */
public final class Words {
    /** A {@code <placeholder>}, with the double quotes a hint may have put around it. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\"<([^<>\"]{1,60})>\"|<([^<>]{1,60})>");

    private Words() {}

    /** {@code 1 event}, {@code 2 events}, {@code 0 events}. */
    public static String count(long n, String singular) {
        return n + " " + (n == 1 ? singular : plural(singular));
    }

    /** {@code 1 event}, {@code 2 events} with a given plural. */
    public static String count(long n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }

    private static String plural(String word) {
        if (word.endsWith("y") && !word.endsWith("ay") && !word.endsWith("ey")) {
            return word.substring(0, word.length() - 1) + "ies";
        }
        if (word.endsWith("s") || word.endsWith("x") || word.endsWith("ch")) {
            return word + "es";
        }
        return word + "s";
    }

    /** A todo's text as a person reads it in a line: in double quotes. */
    public static String quoted(String text) {
        return "\"" + text + "\"";
    }

    /** The first 12 characters of a hash, with an ellipsis. */
    public static String shortHash(String hash) {
        return hash.length() > 12 ? hash.substring(0, 12) + "…" : hash;
    }

    /**
     * A command hint as it can be pasted into a shell: every {@code <placeholder>} becomes a
     * single-quoted upper-case word ({@code --summary <what was delivered>} → {@code --summary 'WHAT
     * WAS DELIVERED'}), so the shell never reads {@code <} or {@code >} as a redirection. Text that
     * is not a command is returned unchanged.
     */
    public static String pasteable(String command) {
        if (!command.startsWith("loopx ") && !command.contains(": loopx ")) {
            return command;
        }
        Matcher m = PLACEHOLDER.matcher(command);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String inner = m.group(1) != null ? m.group(1) : m.group(2);
            String word = inner.toUpperCase(Locale.ROOT).replace('\'', ' ');
            m.appendReplacement(out, Matcher.quoteReplacement("'" + word + "'"));
        }
        m.appendTail(out);
        // a choice written as a|b|c is one quoted word (the shell would read | as a pipe)
        return CHOICE.matcher(out.toString()).replaceAll(r -> " " + Matcher.quoteReplacement("'" + r.group(1) + "'"));
    }

    private static final Pattern CHOICE = Pattern.compile(" ([a-z_]+(?:\\|[a-z_]+)+)(?=$| )");

    /** A shell word: as it is when it is plain, else single-quoted. */
    /** {@code a}, {@code a or b}, {@code a, b or c}. */
    public static String orList(List<String> words) {
        if (words.size() <= 1) {
            return String.join("", words);
        }
        return String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
    }

    public static String shellWord(String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_./:=@%+,-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /**
     * A recorded time as a person reads it: the time as recorded, then how far it is from {@code
     * now} in words ({@code 2026-03-01T12:30:00Z (in 30 min)}, {@code … (4 min ago)}, {@code … (now)});
     * the text as it is when it is not a time.
     */
    public static String when(String recorded, Instant now) {
        if (recorded == null || recorded.isEmpty()) {
            return "";
        }
        Instant at;
        try {
            at = Instant.parse(recorded);
        } catch (DateTimeParseException e) {
            return recorded;
        }
        Duration d = Duration.between(now, at);
        if (d.abs().toSeconds() < 1) {
            return recorded + " (now)";
        }
        return recorded + (d.isNegative() ? " (" + duration(d.negated()) + " ago)" : " (in " + duration(d) + ")");
    }

    /**
     * A duration in words, rounded down: "40 s", "4 min", "3 h", "2 d" (as the lanes' liveness words
     * say it below the CLI; presentation, so the CLI has its own).
     */
    static String duration(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s < 60 ? s + " s" : s < 3600 ? s / 60 + " min" : s < 2 * 86400 ? s / 3600 + " h" : s / 86400 + " d";
    }
}
