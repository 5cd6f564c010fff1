package dev.loopx.host.codexapp.store;

import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the exact characters of the document-root {@code prompt} string value in a TOML text,
 * without parsing anything it does not need. It walks the root key/value statements (everything
 * before the first {@code [table]} header), skipping other values lexically — including
 * multi-line strings whose lines look like {@code prompt = …} or {@code [table]}, arrays and
 * inline tables spanning lines, comments and date-times with a space. It refuses (Left, with a
 * reason) whatever it cannot locate unambiguously: no root prompt, a prompt that is not a string,
 * a dotted {@code prompt.x} key, a duplicated prompt, or a construct it does not understand.
 * The caller still verifies every rewrite with a real TOML parser; this class only decides where
 * to cut. Stateless apart from one scan; not thread-safe.
 */
final class TomlPromptLocator {
    /** How the located value is written. */
    enum Style {
        BASIC,
        LITERAL,
        MULTILINE_BASIC,
        MULTILINE_LITERAL
    }

    /** Characters {@code [start, end)} of the value, delimiters included. */
    record Span(int start, int end, Style style) {}

    private static final class Refusal extends Exception {
        private static final long serialVersionUID = 1L;

        Refusal(String reason) {
            super(reason, null, false, false);
        }
    }

    private final String text;
    private int pos;

    private TomlPromptLocator(String text) {
        this.text = text;
    }

    static Either<String, Span> locate(String text) {
        try {
            return Either.right(new TomlPromptLocator(text).scan());
        } catch (Refusal r) {
            return Either.left(r.getMessage());
        }
    }

    private Span scan() throws Refusal {
        List<Span> found = new ArrayList<>();
        while (true) {
            skipBlankLinesAndComments();
            if (pos >= text.length() || text.charAt(pos) == '[') {
                break; // end of document or the first table header: the root table is complete
            }
            List<String> key = key();
            skipSpaces();
            expect('=');
            skipSpaces();
            if (key.get(0).equals("prompt")) {
                if (key.size() > 1) {
                    throw new Refusal("prompt is defined through a dotted key");
                }
                found.add(stringValue());
            } else {
                skipValue();
            }
            endOfStatement();
        }
        if (found.isEmpty()) {
            throw new Refusal("no prompt string at the document root");
        }
        if (found.size() > 1) {
            throw new Refusal("prompt is defined more than once");
        }
        return found.get(0);
    }

    private void skipBlankLinesAndComments() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                pos++;
            } else if (c == '#') {
                skipComment();
            } else {
                return;
            }
        }
    }

    private void skipComment() {
        while (pos < text.length() && text.charAt(pos) != '\n') {
            pos++;
        }
    }

    private void skipSpaces() {
        while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t')) {
            pos++;
        }
    }

    private void expect(char c) throws Refusal {
        if (pos >= text.length() || text.charAt(pos) != c) {
            throw new Refusal("unexpected content where '" + c + "' was expected");
        }
        pos++;
    }

    private void endOfStatement() throws Refusal {
        skipSpaces();
        if (pos < text.length() && text.charAt(pos) == '#') {
            skipComment();
        }
        if (pos >= text.length()) {
            return;
        }
        if (text.startsWith("\r\n", pos)) {
            pos += 2;
        } else if (text.charAt(pos) == '\n') {
            pos++;
        } else {
            throw new Refusal("unexpected content after a value");
        }
    }

    /** A possibly dotted key, each part decoded. */
    private List<String> key() throws Refusal {
        List<String> parts = new ArrayList<>();
        while (true) {
            skipSpaces();
            parts.add(keyPart());
            skipSpaces();
            if (pos < text.length() && text.charAt(pos) == '.') {
                pos++;
            } else {
                return parts;
            }
        }
    }

    private String keyPart() throws Refusal {
        if (pos >= text.length()) {
            throw new Refusal("a key was expected");
        }
        char c = text.charAt(pos);
        if (c == '"') {
            Span s = basic();
            return TomlStrings.decodeBasicKey(text.substring(s.start() + 1, s.end() - 1))
                    .orElseThrow(() -> new Refusal("a quoted key uses an escape this adapter does not decode"));
        }
        if (c == '\'') {
            Span s = literal();
            return text.substring(s.start() + 1, s.end() - 1);
        }
        int start = pos;
        while (pos < text.length() && isBareKeyChar(text.charAt(pos))) {
            pos++;
        }
        if (start == pos) {
            throw new Refusal("a key was expected");
        }
        return text.substring(start, pos);
    }

    private static boolean isBareKeyChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }

    private Span stringValue() throws Refusal {
        if (text.startsWith("\"\"\"", pos)) {
            return multiline('"', Style.MULTILINE_BASIC);
        }
        if (text.startsWith("'''", pos)) {
            return multiline('\'', Style.MULTILINE_LITERAL);
        }
        if (pos < text.length() && text.charAt(pos) == '"') {
            return basic();
        }
        if (pos < text.length() && text.charAt(pos) == '\'') {
            return literal();
        }
        throw new Refusal("prompt is not a string");
    }

    private Span basic() throws Refusal {
        int start = pos;
        int i = pos + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '"') {
                pos = i + 1;
                return new Span(start, pos, Style.BASIC);
            } else if (c == '\n') {
                break;
            } else {
                i++;
            }
        }
        throw new Refusal("unterminated string");
    }

    private Span literal() throws Refusal {
        int start = pos;
        int close = text.indexOf('\'', pos + 1);
        int newline = text.indexOf('\n', pos + 1);
        if (close < 0 || (newline >= 0 && newline < close)) {
            throw new Refusal("unterminated string");
        }
        pos = close + 1;
        return new Span(start, pos, Style.LITERAL);
    }

    /** {@code """…"""} or {@code '''…'''}; up to two quotes may sit just inside the closing delimiter. */
    private Span multiline(char quote, Style style) throws Refusal {
        int start = pos;
        String delimiter = String.valueOf(quote).repeat(3);
        int i = pos + 3;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (quote == '"' && c == '\\') {
                i += 2;
            } else if (text.startsWith(delimiter, i)) {
                int run = 0;
                while (i + run < text.length() && text.charAt(i + run) == quote) {
                    run++;
                }
                if (run > 5) {
                    throw new Refusal("too many quotes closing a multi-line string");
                }
                pos = i + run;
                return new Span(start, pos, style);
            } else {
                i++;
            }
        }
        throw new Refusal("unterminated multi-line string");
    }

    private void skipValue() throws Refusal {
        if (pos >= text.length()) {
            throw new Refusal("a value was expected");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '"', '\'' -> stringValue();
            case '[' -> skipArray();
            case '{' -> skipInlineTable();
            default -> skipScalar();
        }
    }

    private void skipArray() throws Refusal {
        pos++; // '['
        while (true) {
            skipBlankLinesAndComments();
            if (pos >= text.length()) {
                throw new Refusal("unterminated array");
            }
            if (text.charAt(pos) == ']') {
                pos++;
                return;
            }
            skipValue();
            skipBlankLinesAndComments();
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
            }
        }
    }

    private void skipInlineTable() throws Refusal {
        pos++; // '{'
        while (true) {
            skipBlankLinesAndComments();
            if (pos >= text.length()) {
                throw new Refusal("unterminated inline table");
            }
            if (text.charAt(pos) == '}') {
                pos++;
                return;
            }
            key();
            skipSpaces();
            expect('=');
            skipSpaces();
            skipValue();
            skipBlankLinesAndComments();
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
            }
        }
    }

    /** Numbers, booleans, dates and date-times (also {@code 1979-05-27 07:32:00Z} with a space). */
    private void skipScalar() throws Refusal {
        int start = pos;
        while (pos < text.length() && !isScalarEnd(text.charAt(pos))) {
            pos++;
        }
        if (start == pos) {
            throw new Refusal("a value was expected");
        }
        String token = text.substring(start, pos);
        if (token.matches("\\d{4}-\\d{2}-\\d{2}")
                && pos + 1 < text.length()
                && text.charAt(pos) == ' '
                && Character.isDigit(text.charAt(pos + 1))) {
            pos++;
            while (pos < text.length() && !isScalarEnd(text.charAt(pos))) {
                pos++;
            }
        }
    }

    private static boolean isScalarEnd(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '#' || c == ',' || c == ']' || c == '}';
    }
}
