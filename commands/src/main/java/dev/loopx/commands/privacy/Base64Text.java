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
 * keys are not readable text. Pure and thread-safe.
 */
final class Base64Text {
    private static final int MIN_DECODED = 8;
    private static final Pattern WORD = Pattern.compile("\\p{L}{3,}");

    private Base64Text() {}

    /**
     * The readable text that the base64 run around {@code text[start, end)} decodes to, if it is
     * one: the run is extended over the base64 alphabets and up to two {@code =} of padding.
     */
    static Optional<String> decodedAround(String text, int start, int end) {
        int from = start;
        while (from > 0 && isBase64Char(text.charAt(from - 1))) {
            from--;
        }
        int to = end;
        while (to < text.length() && isBase64Char(text.charAt(to))) {
            to++;
        }
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
        byte[] bytes = (urlSafe ? Base64.getUrlDecoder() : Base64.getDecoder()).decode(run);
        String decoded = new String(bytes, StandardCharsets.UTF_8);
        return isReadable(decoded) ? Optional.of(decoded) : Optional.empty();
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
