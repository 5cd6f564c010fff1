package dev.loopx.commands.todo;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The {@code resume_when} grammar (SPEC §S4): {@code todo_done:<todo id>} or
 * {@code resume_at:<RFC 3339 with offset>}, normalised to UTC ({@code resume_at:2026-01-02T03:04:05Z}).
 * Natural language ("tomorrow") is not a condition.
 */
public final class ResumeCondition {
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'");

    private ResumeCondition() {}

    /** The normalised condition, or empty when {@code text} is not one. */
    public static Optional<String> parse(String text) {
        if (text.startsWith("todo_done:") && TodoIds.isTodoId(text.substring("todo_done:".length()))) {
            return Optional.of(text);
        }
        if (text.startsWith("resume_at:")) {
            try {
                OffsetDateTime at = OffsetDateTime.parse(text.substring("resume_at:".length()));
                return Optional.of(
                        "resume_at:" + at.withOffsetSameInstant(ZoneOffset.UTC).format(UTC));
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The todo a {@code todo_done:} condition waits for. */
    public static Optional<String> awaitedTodo(String condition) {
        return condition.startsWith("todo_done:")
                ? Optional.of(condition.substring("todo_done:".length()))
                : Optional.empty();
    }
}
