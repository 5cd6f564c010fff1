package dev.loopx.commands.privacy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Base64 of ordinary text ({@code echo aGVsbG8gd29ybGQ… | base64 -d}, a {@code data:} URL, a
 * header value in a note): high-entropy runs that {@link RandomTokens} would take for a token. A
 * run is readable text when it decodes (standard or URL-safe alphabet, padding optional) to valid
 * UTF-8 without control characters other than line ends and tabs, made mostly of words and spaces:
 * at least one space, at least 70 % letters and spaces, and at least half of its non-space
 * characters in words of three or more letters. {@code user:password} pairs (no space) and binary
 * keys are not readable text. Text that does not start with ASCII (twelve bytes, one exception) is
 * not looked at further, so only text-like runs cost a full decode. Pure and thread-safe.
 */
final class Base64Text {
    private static final int MIN_DECODED = 8;
    /** Characters of the run decoded first (12 bytes); runs are at least {@link RandomTokens#MIN_LENGTH} long. */
    private static final int PROBE_CHARS = 16;

    private static final Pattern WORD = Pattern.compile("\\p{L}{3,}");

    private Base64Text() {}

    /** A base64 run {@code text[from, to)} and the readable text it decodes to, if any. */
    record Run(int from, int to, Optional<String> readable) {
        boolean contains(int index) {
            return index >= from && index < to;
        }
    }

    /**
     * The base64 run around {@code text[start, end)} and the readable text it decodes to, if it is
     * one: the run is extended over the base64 alphabets and up to two {@code =} of padding.
     */
    static Run around(String text, int start, int end) {
        int from = start;
        while (from > 0 && isBase64Char(text.charAt(from - 1))) {
            from--;
        }
        int to = end;
        while (to < text.length() && isBase64Char(text.charAt(to))) {
            to++;
        }
        return new Run(from, to, decoded(text, from, to));
    }

    private static Optional<String> decoded(String text, int from, int to) {
        String run = text.substring(from, to);
        boolean standard = run.indexOf('+') >= 0 || run.indexOf('/') >= 0;
        boolean urlSafe = run.indexOf('-') >= 0 || run.indexOf('_') >= 0;
        if (standard && urlSafe || run.length() % 4 == 1) {
            return Optional.empty();
        }
        int padding = 0;
        while (padding < 2 && to + padding < text.length() && text.charAt(to + padding) == '=') {
            padding++;
        }
        if (padding > 0 && (run.length() + padding) % 4 != 0) {
            return Optional.empty();
        }
        Base64.Decoder decoder = urlSafe ? Base64.getUrlDecoder() : Base64.getDecoder();
        if (!startsWithText(decoder.decode(run.substring(0, PROBE_CHARS)))) {
            return Optional.empty();
        }
        String decoded = new String(decoder.decode(run), StandardCharsets.UTF_8);
        return isReadable(decoded) ? Optional.of(decoded) : Optional.empty();
    }

    /**
     * A cheap first look at the run's first bytes: at most one of them outside printable ASCII and
     * whitespace. A random token fails it almost always, so only text-like runs are decoded whole.
     */
    private static boolean startsWithText(byte[] probe) {
        int other = 0;
        for (byte b : probe) {
            boolean text = b >= 0x20 && b < 0x7F || b == '\n' || b == '\r' || b == '\t';
            other += text ? 0 : 1;
        }
        return other <= 1;
    }

    private static boolean isBase64Char(char c) {
        return c >= 'A' && c <= 'Z'
                || c >= 'a' && c <= 'z'
                || c >= '0' && c <= '9'
                || c == '+'
                || c == '/'
                || c == '-'
                || c == '_';
    }

    static boolean isReadable(String decoded) {
        if (decoded.length() < MIN_DECODED || decoded.indexOf('\uFFFD') >= 0 || decoded.indexOf(' ') < 0) {
            return false;
        }
        int lettersAndSpaces = 0;
        int nonSpace = 0;
        for (int i = 0; i < decoded.length(); i++) {
            char c = decoded.charAt(i);
            if (Character.isISOControl(c) && c != '\n' && c != '\t' && c != '\r') {
                return false;
            }
            if (Character.isLetter(c) || c == ' ') {
                lettersAndSpaces++;
            }
            if (!Character.isWhitespace(c)) {
                nonSpace++;
            }
        }
        int inWords = 0;
        Matcher words = WORD.matcher(decoded);
        while (words.find()) {
            inWords += words.end() - words.start();
        }
        return lettersAndSpaces >= 0.7 * decoded.length() && inWords >= 0.5 * nonSpace;
    }
}
