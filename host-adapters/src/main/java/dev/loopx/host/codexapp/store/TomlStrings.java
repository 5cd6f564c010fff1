package dev.loopx.host.codexapp.store;

import java.util.Locale;
import java.util.Optional;

/** Writing TOML string literals (and decoding the simple escapes a quoted key may use). */
final class TomlStrings {
    private TomlStrings() {}

    /**
     * The literal this adapter writes for a prompt: a basic string {@code "…"} when the value has
     * no line break, else a multi-line basic string {@code """⏎…"""} whose line feeds stay literal.
     * Backslashes and every double quote are escaped (so no run of quotes can close the string
     * early), as are carriage returns, tabs and all other control characters.
     */
    static String encodePrompt(String value) {
        boolean multiline = value.indexOf('\n') >= 0;
        StringBuilder out = new StringBuilder(value.length() + 16);
        out.append(multiline ? "\"\"\"\n" : "\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '\n' -> out.append(multiline ? "\n" : "\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append(multiline ? "\"\"\"" : "\"");
        return out.toString();
    }

    /** Decodes the body of a basic-string key; empty for escapes outside TOML 1.0's short list. */
    static Optional<String> decodeBasicKey(String body) {
        StringBuilder out = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (i + 1 >= body.length()) {
                return Optional.empty();
            }
            char e = body.charAt(++i);
            switch (e) {
                case 'b' -> out.append('\b');
                case 't' -> out.append('\t');
                case 'n' -> out.append('\n');
                case 'f' -> out.append('\f');
                case 'r' -> out.append('\r');
                case '"' -> out.append('"');
                case '\\' -> out.append('\\');
                case 'u', 'U' -> {
                    int len = e == 'u' ? 4 : 8;
                    try {
                        out.appendCodePoint(Integer.parseInt(body.substring(i + 1, i + 1 + len), 16));
                    } catch (IllegalArgumentException | StringIndexOutOfBoundsException ex) {
                        return Optional.empty();
                    }
                    i += len;
                }
                default -> {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(out.toString());
    }
}
