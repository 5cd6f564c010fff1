package dev.loopx.cli.support;

import dev.loopx.commands.privacy.PublicText;
import dev.loopx.commands.privacy.PublicTextViolation;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The one place a value given on the command line is made safe to show in an answer (an error
 * message, above all a parser's): control characters, terminal escapes, bidirectional controls and
 * the marks of malformed text are escaped (ESC as a backslash, {@code u001b}), a long value is cut to
 * {@value #MAX_SHOWN} characters, and a value the shared privacy guard ({@link PublicText}) refuses
 * — a credential, a random token, a transcript, a local path — is never shown at all, only
 * {@value #NOT_SHOWN}. Every error answer's message and hint pass through {@link #message} as a last
 * guard (escaped and at most {@value #MAX_MESSAGE} characters).
 */
public final class EchoedValues {
    /** Longest part of a value an answer shows. */
    public static final int MAX_SHOWN = 40;

    /** Longest message (or hint) of an error answer. */
    public static final int MAX_MESSAGE = 600;

    /** What an answer shows in place of a value that may be private. */
    public static final String NOT_SHOWN = "<value not shown>";

    private EchoedValues() {}

    /** {@code value} as an answer may show it (without quotes): escaped and cut, or {@link #NOT_SHOWN}. */
    public static String shown(String value) {
        if (value == null) {
            return "null";
        }
        String escaped = escaped(value);
        if (mayBePrivate(escaped)) {
            return NOT_SHOWN;
        }
        return cut(escaped, MAX_SHOWN);
    }

    /** Whether {@code value} (already escaped) may be private: the privacy guard refuses it for anything but its length. */
    private static boolean mayBePrivate(String escaped) {
        return PublicText.checkOptional("value", escaped)
                .map(PublicTextViolation::reason)
                .filter(reason -> reason != PublicTextViolation.Reason.TOO_LONG)
                .isPresent();
    }

    /**
     * A message that may quote {@code args} (a parser's "Invalid value for option '--slots': 'x'",
     * "Unmatched argument …: 'x'"): every argument (and the value part of {@code --name=value}) that
     * is not plain is replaced by {@link #shown}; then the whole message is escaped and cut.
     */
    public static String message(String message, String[] args) {
        if (message == null) {
            return "";
        }
        Set<String> values = new LinkedHashSet<>();
        for (String arg : args == null ? new String[0] : args) {
            if (arg == null || arg.isEmpty()) {
                continue;
            }
            values.add(arg);
            int eq = arg.indexOf('=');
            if (arg.startsWith("-") && eq > 0 && eq + 1 < arg.length()) {
                values.add(arg.substring(eq + 1));
            }
        }
        String safe = message;
        for (String value : values.stream()
                .sorted(Comparator.comparingInt(String::length).reversed())
                .toList()) {
            String shown = shown(value);
            if (!shown.equals(value) && safe.contains(value)) {
                safe = safe.replace(value, shown);
            }
        }
        return message(safe);
    }

    /** A message or hint of an answer: escaped and at most {@value #MAX_MESSAGE} characters. */
    public static String message(String message) {
        return message == null ? null : cut(escaped(message), MAX_MESSAGE);
    }

    /**
     * {@code text} with every character a terminal or a reader could take for something else
     * written as a backslash, {@code u} and four hex digits: control characters but newline and tab, bidirectional controls,
     * U+FFFD (the mark of bytes that were not UTF-8) and unpaired surrogates.
     */
    public static String escaped(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean lone = Character.isHighSurrogate(c)
                    ? i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))
                    : Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
            boolean unsafe = lone
                    || (c != '\n' && c != '\t' && Character.getType(c) == Character.CONTROL)
                    || isBidiControl(c)
                    || c == '\uFFFD';
            if (unsafe && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                if (unsafe) {
                    out.append(String.format("\\u%04x", (int) c));
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? text : out.toString();
    }

    /** U+061C, U+200E/F, the embeddings and overrides U+202A–U+202E and the isolates U+2066–U+2069. */
    static boolean isBidiControl(char c) {
        return c == '\u061C'
                || c == '\u200E'
                || c == '\u200F'
                || (c >= '\u202A' && c <= '\u202E')
                || (c >= '\u2066' && c <= '\u2069');
    }

    private static String cut(String text, int max) {
        if (text.codePointCount(0, text.length()) <= max) {
            return text;
        }
        int end = text.offsetByCodePoints(0, max);
        return text.substring(0, end) + "… (" + text.length() + " characters)";
    }
}
