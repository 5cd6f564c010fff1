package dev.loopx.commands.privacy;

import java.util.Objects;

/**
 * Why {@link PublicText} refused a free-text value. It names the field and the kind of problem and
 * never carries the offending value or any part of it: the value may be a live secret, and
 * refusals are printed, logged and shown to agents. The CLI renders it as a bad-input error
 * (exit 2) with {@link #errorCode()}, {@link #message()} and {@link #hint()}.
 *
 * @param field the name of the rejected field as the caller knows it (e.g. {@code --text}); must
 *     not itself hold user text
 * @param reason the kind of problem
 */
public record PublicTextViolation(String field, Reason reason) {
    public static final String PUBLIC_BOUNDARY_VIOLATION = "public_boundary_violation";
    public static final String INVALID_VALUE = "invalid_value";

    public PublicTextViolation {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(reason, "reason");
    }

    /**
     * What was found. Privacy findings map to {@code public_boundary_violation}; shape problems of
     * otherwise harmless text (blank, too long, control characters) map to {@code invalid_value},
     * the code every other malformed input already uses (SPEC §S0).
     */
    public enum Reason {
        BLANK("is required and must not be blank"),
        TOO_LONG("is longer than " + PublicText.MAX_LENGTH + " characters"),
        CONTROL_CHARACTER("contains a control character (only newline and tab are allowed)"),
        HTTP_CREDENTIAL("contains what looks like an HTTP credential header or bearer credential"),
        URL_CREDENTIAL("contains a URL with a user name and secret in it"),
        SECRET_ASSIGNMENT("assigns a value to a secret-named key (key, secret, pass phrase or token)"),
        PROVIDER_KEY("contains what looks like a provider access key or token (a known provider's key shape)"),
        WEBHOOK_URL("contains a webhook URL with its secret part"),
        PRIVATE_KEY("contains a private key block"),
        JWT("contains what looks like a JSON web token"),
        RANDOM_TOKEN("contains a long random-looking token"),
        TRANSCRIPT("looks like a chat transcript or session dump"),
        TOOL_OUTPUT("looks like a tool output dump (more than " + PublicText.MAX_LINES
                + " lines, a stack trace or a shell session)"),
        LOCAL_PATH("contains an absolute local path");

        private final String description;

        Reason(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }

        public String errorCode() {
            return switch (this) {
                case BLANK, TOO_LONG, CONTROL_CHARACTER -> INVALID_VALUE;
                case HTTP_CREDENTIAL,
                        URL_CREDENTIAL,
                        WEBHOOK_URL,
                        SECRET_ASSIGNMENT,
                        PROVIDER_KEY,
                        PRIVATE_KEY,
                        JWT,
                        RANDOM_TOKEN,
                        TRANSCRIPT,
                        TOOL_OUTPUT,
                        LOCAL_PATH -> PUBLIC_BOUNDARY_VIOLATION;
            };
        }
    }

    public String errorCode() {
        return reason.errorCode();
    }

    /** Names the field and the problem; contains nothing of the value. */
    /** The same violation with the field named {@code name} (how an adapter names the input). */
    public PublicTextViolation withField(String name) {
        return new PublicTextViolation(name, reason);
    }

    public String message() {
        return field + " " + reason.description();
    }

    public String hint() {
        return switch (reason) {
            case BLANK -> "give " + field + " a short description";
            case TOO_LONG, TOOL_OUTPUT, TRANSCRIPT ->
                "summarise in a few sentences; keep raw output and transcripts out of LoopX";
            case CONTROL_CHARACTER -> "remove control characters and terminal escapes";
            case HTTP_CREDENTIAL,
                    URL_CREDENTIAL,
                    WEBHOOK_URL,
                    SECRET_ASSIGNMENT,
                    PROVIDER_KEY,
                    PRIVATE_KEY,
                    JWT,
                    RANDOM_TOKEN ->
                "remove the secret (refer to it by name, e.g. $API_KEY) and rotate it if it was real";
            case LOCAL_PATH -> "use a path relative to the project, e.g. src/main/App.java";
        };
    }
}
