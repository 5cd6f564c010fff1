package dev.loopx.host.slash;

import java.util.Objects;

/** What {@link SlashCommandParser} made of a chat message. */
public sealed interface ParsedMessage {
    /**
     * The message starts with a known command token.
     *
     * @param entry the catalog entry (for {@code /loopx}: the explicit goal start when text follows)
     * @param typedToken the token as typed (a legacy alias stays as typed here)
     * @param legacyAlias true when {@code typedToken} is a legacy {@code /loop-global-*} spelling
     * @param taskText everything after the token and one separating whitespace character
     *     (a CRLF counts as one), byte for byte; {@code ""} when nothing follows
     */
    record Matched(SlashCommand entry, String typedToken, boolean legacyAlias, String taskText)
            implements ParsedMessage {
        public Matched {
            Objects.requireNonNull(entry, "entry");
            Objects.requireNonNull(typedToken, "typedToken");
            Objects.requireNonNull(taskText, "taskText");
        }
    }

    /** The message starts with a token in LoopX's namespace that is not a known command: fail closed. */
    record Unknown(String typedToken) implements ParsedMessage {
        public Unknown {
            Objects.requireNonNull(typedToken, "typedToken");
        }
    }

    /** Ordinary chat: no LoopX command token at the start. */
    record NotACommand() implements ParsedMessage {}
}
