package dev.loopx.commands.privacy;

import dev.loopx.commands.privacy.PublicTextViolation.Reason;
import java.util.Objects;
import java.util.Optional;

/**
 * The one validator every free-text field goes through before it is written to public state (todo
 * text, gate reasons, reward reasons, evidence summaries, objectives; SPEC §S14). Pure, total and
 * thread-safe; it never performs I/O and never echoes the value it refuses.
 *
 * <p>A value is refused, most serious finding first, when it contains:
 *
 * <ol>
 *   <li>any family of the one rule table {@link PrivacyRules}, in its order: a credential (provider
 *       tokens, webhook URLs, connection strings, private key files, HTTP credentials, secret-named
 *       assignments, credentials in URLs, JWTs), a long random token ({@link RandomTokens}), a
 *       transcript or tool output dump, an absolute local path ({@link LocalPath}, the same
 *       definition read surfaces redact) — {@code public_boundary_violation};
 *   <li>a control character other than newline and tab, where a carriage return is allowed only as
 *       part of a CRLF line end, plus the bidirectional overrides and isolates (U+202A–U+202E,
 *       U+2066–U+2069) that make displayed text differ from stored text — {@code invalid_value};
 *   <li>more than {@value #MAX_LENGTH} characters (Unicode code points) — {@code invalid_value}.
 * </ol>
 *
 * A required value that is {@code null}, empty or blank is refused with {@code invalid_value}.
 * Secrets are reported before length so that someone who pasted a key learns it, not just that the
 * paste was long.
 */
public final class PublicText {
    /** Longest accepted value, in code points: room for a detailed summary, not for a log. */
    public static final int MAX_LENGTH = 4_000;

    /** Most lines accepted; more is treated as a tool output dump. */
    public static final int MAX_LINES = 50;

    private PublicText() {}

    /** Checks a required field: blank is refused. */
    public static Optional<PublicTextViolation> check(String field, String text) {
        Objects.requireNonNull(field, "field");
        if (text == null || text.isBlank()) {
            return violation(field, Reason.BLANK);
        }
        return problemIn(text).map(reason -> new PublicTextViolation(field, reason));
    }

    /**
     * Checks a local file or folder name given as an argument (never echoed): a credential or a
     * private key in it is refused, while the parts every path has are not — being a local path,
     * and random-looking segments (temp folders, content hashes, store paths).
     */
    public static Optional<PublicTextViolation> checkPathArgument(String field, String path) {
        Objects.requireNonNull(field, "field");
        return PrivacyRules.firstIn(
                        path, family -> family.reason() != Reason.RANDOM_TOKEN && family.reason() != Reason.LOCAL_PATH)
                .map(family -> new PublicTextViolation(field, family.reason()));
    }

    /** Checks an optional field: {@code null} or empty means absent and is accepted. */
    public static Optional<PublicTextViolation> checkOptional(String field, String text) {
        return text == null || text.isEmpty() ? Optional.empty() : check(field, text);
    }

    private static Optional<Reason> problemIn(String text) {
        Optional<Reason> privateText = PrivacyRules.firstIn(text).map(PrivacyRules.Family::reason);
        if (privateText.isPresent()) {
            return privateText;
        }
        if (hasForbiddenControlCharacter(text)) {
            return Optional.of(Reason.CONTROL_CHARACTER);
        }
        if (text.codePointCount(0, text.length()) > MAX_LENGTH) {
            return Optional.of(Reason.TOO_LONG);
        }
        return Optional.empty();
    }

    private static boolean hasForbiddenControlCharacter(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean crlf = c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n';
            boolean allowed = c == '\n' || c == '\t' || crlf;
            boolean bidiControl = c >= '\u202A' && c <= '\u202E' || c >= '\u2066' && c <= '\u2069';
            if (!allowed && (Character.getType(c) == Character.CONTROL || bidiControl)) {
                return true;
            }
        }
        return false;
    }

    private static Optional<PublicTextViolation> violation(String field, Reason reason) {
        return Optional.of(new PublicTextViolation(field, reason));
    }
}
