package dev.loopx.host.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The one POSIX shell quoter of LoopX's printed command lines (managed wrappers, CLI fallbacks,
 * command packs): a word made only of safe characters ({@code A-Z a-z 0-9 _ @ % + = : , . / -})
 * stays bare, anything else — the empty word included — is single-quoted, an embedded {@code '}
 * written {@code '\''}. A POSIX shell reads {@link #join}'s line back as exactly the same words.
 * {@link #split} accepts exactly that subset — bare safe characters, single-quoted text and
 * {@code \'} — separated by single spaces, and refuses everything a shell would expand or
 * interpret ({@code $}, backticks, double quotes, globs, {@code ;}, redirections, comments, tabs,
 * newlines). Pure and thread-safe.
 */
public final class ShellWords {
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellWords() {}

    /** One word, quoted only when it must be. */
    public static String quote(String word) {
        if (SAFE.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** The words joined with single spaces, each {@link #quote quoted}. */
    public static String join(List<String> words) {
        List<String> quoted = new ArrayList<>(words.size());
        words.forEach(w -> quoted.add(quote(w)));
        return String.join(" ", quoted);
    }

    /** The words of {@code line}, or empty when it leaves the accepted subset. */
    public static Optional<List<String>> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == ' ') {
                if (!inWord) {
                    return Optional.empty();
                }
                words.add(word.toString());
                word.setLength(0);
                inWord = false;
                i++;
            } else if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    return Optional.empty();
                }
                word.append(line, i + 1, end);
                inWord = true;
                i = end + 1;
            } else if (c == '\\') {
                if (i + 1 >= line.length() || line.charAt(i + 1) != '\'') {
                    return Optional.empty();
                }
                word.append('\'');
                inWord = true;
                i += 2;
            } else if (SAFE.matcher(String.valueOf(c)).matches()) {
                word.append(c);
                inWord = true;
                i++;
            } else {
                return Optional.empty();
            }
        }
        if (!inWord) {
            return Optional.empty();
        }
        words.add(word.toString());
        return Optional.of(List.copyOf(words));
    }
}
