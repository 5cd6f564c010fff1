package dev.loopx.host.slash;

import java.util.Locale;

/**
 * The host command registry's matcher (SPEC §S10). A message is a LoopX command only when its very
 * first character starts a token (the run of characters up to the first whitespace) that equals a
 * catalog token or a legacy alias exactly: {@code /loopxfoo} is not {@code /loopx}, and
 * {@code  /loopx} (leading space) is ordinary chat. A token that does not match but lies in LoopX's
 * namespace — it starts with {@code /loopx} or {@code /loop-global-}, in any letter case — is
 * {@link ParsedMessage.Unknown} so that hosts fail closed instead of treating a typo as chat.
 * Everything after the token and one separating whitespace character is the task text, unchanged.
 * Pure and thread-safe.
 */
public final class SlashCommandParser {
    private SlashCommandParser() {}

    public static ParsedMessage parse(String message) {
        if (message == null || message.isEmpty() || message.charAt(0) != '/') {
            return new ParsedMessage.NotACommand();
        }
        int end = 0;
        while (end < message.length() && !Character.isWhitespace(message.charAt(end))) {
            end++;
        }
        String token = message.substring(0, end);
        String taskText = taskText(message, end);
        for (SlashCommand c : SlashCommandCatalog.COMMANDS) {
            if (c.token().equals(token) || c.legacyAliases().contains(token)) {
                return new ParsedMessage.Matched(
                        entryFor(c, taskText), token, c.legacyAliases().contains(token), taskText);
            }
        }
        String lower = token.toLowerCase(Locale.ROOT);
        if (lower.startsWith(SlashCommandCatalog.CANONICAL_PREFIX)
                || lower.startsWith(SlashCommandCatalog.LEGACY_PREFIX)) {
            return new ParsedMessage.Unknown(token);
        }
        return new ParsedMessage.NotACommand();
    }

    /** {@code /loopx} alone is the read-first pack; {@code /loopx} followed by text is the explicit goal start. */
    private static SlashCommand entryFor(SlashCommand first, String taskText) {
        if (!first.token().equals(SlashCommandCatalog.CANONICAL_PREFIX)) {
            return first;
        }
        boolean hasText = !taskText.isBlank();
        return SlashCommandCatalog.COMMANDS.stream()
                .filter(c -> c.token().equals(SlashCommandCatalog.CANONICAL_PREFIX) && c.takesText() == hasText)
                .findFirst()
                .orElseThrow();
    }

    private static String taskText(String message, int tokenEnd) {
        if (tokenEnd >= message.length()) {
            return "";
        }
        int skip = message.startsWith("\r\n", tokenEnd) ? 2 : 1;
        return message.substring(tokenEnd + skip);
    }
}
