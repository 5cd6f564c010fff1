package dev.loopx.cli.support;

import dev.loopx.commands.privacy.PublicText;
import dev.loopx.commands.privacy.PublicTextViolation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The one place text values from the command line (and MCP tool calls, which set the same
 * options) are checked, before anything is opened. Free text ({@link #requirePublic}) must be
 * well-formed Unicode (bytes that were not UTF-8 arrive as U+FFFD, a JSON string may hold a lone
 * surrogate: both refused, {@code invalid_text}), non-empty when given (and when required), and
 * pass the shared privacy guard ({@link PublicText}: no local paths, credentials, tokens or
 * transcripts; no control characters; at most {@link #MAX_CHARS} characters). Every failure is
 * exit 2, names the option and never echoes the text.
 */
public final class TextOptions {
    public static final int MAX_CHARS = PublicText.MAX_LENGTH;

    /** Largest {@code --text-file}: {@link #MAX_CHARS} characters of at most 4 UTF-8 bytes each. */
    public static final long MAX_FILE_BYTES = MAX_CHARS * 4L;

    private TextOptions() {}

    /**
     * Validates public text with the shared privacy guard ({@link PublicText}). {@code null} is an
     * absent option: refused when {@code required}, else {@code ""}. A value that was given must
     * not be empty or blank, required or not ({@code --evidence ""} says nothing). Returns the text
     * unchanged.
     */
    public static String requirePublic(String option, String text, boolean required) {
        if (text == null && !required) {
            return "";
        }
        requireWellFormed(option, text);
        var violation = PublicText.check(option, text);
        if (violation.isPresent()) {
            throw new CliError(
                    violation.get().errorCode(),
                    violation.get().message(),
                    violation.get().hint());
        }
        return text;
    }

    /**
     * Refuses text that is not well-formed Unicode: U+FFFD (the JVM decodes bytes that are not
     * UTF-8 in an argument to it) or a surrogate without its pair. Exit 2, {@code invalid_text}.
     */
    public static void requireWellFormed(String option, String text) {
        if (text != null && !wellFormed(text)) {
            throw CliError.badInput(
                    ErrorCode.INVALID_TEXT,
                    option + " is not valid UTF-8 text (it holds bytes that are not UTF-8 or a lone surrogate)");
        }
    }

    /** Whether {@code text} has no U+FFFD and no unpaired surrogate. */
    public static boolean wellFormed(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\uFFFD') {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /** Longest value any option takes (free text is held to {@link #MAX_CHARS} by the privacy guard). */
    public static final int MAX_ARGUMENT_CHARS = 4_096;

    /** Why an option's value is refused whatever the option: its error code and a description without the value. */
    public record Problem(ErrorCode errorCode, String description) {}

    /**
     * The rule every value of every option (and positional parameter) follows, on both parsers
     * (picocli through {@link #converter}, {@link QuickPath} by declining): well-formed Unicode,
     * at most {@link #MAX_ARGUMENT_CHARS} characters, no control characters
     * but newline and tab (a carriage return only in CRLF), no bidirectional controls, and nothing
     * the shared privacy guard takes for a credential or a random token (a bare 40- or 64-digit hex
     * digest excepted: {@code --sha256}; free text and ids are held to the full guard, which
     * refuses an unlabelled one). Empty when the value passes. An empty value is left to the
     * option's own check (ids, free text, numbers and folders refuse it; {@code host parse
     * --message ""} is a host passing an empty chat message).
     */
    public static Optional<Problem> argumentProblem(String value) {
        if (value == null) {
            return Optional.empty();
        }
        if (!wellFormed(value)) {
            return Optional.of(new Problem(
                    ErrorCode.INVALID_TEXT, "is not valid UTF-8 text (bytes that are not UTF-8 or a lone surrogate)"));
        }
        if (value.length() > MAX_ARGUMENT_CHARS) {
            return Optional.of(new Problem(
                    ErrorCode.INVALID_VALUE,
                    "is " + value.length() + " characters long; at most " + MAX_ARGUMENT_CHARS + " are allowed"));
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean crlf = c == '\r' && i + 1 < value.length() && value.charAt(i + 1) == '\n';
            if ((Character.getType(c) == Character.CONTROL && c != '\n' && c != '\t' && !crlf)
                    || EchoedValues.isBidiControl(c)) {
                return Optional.of(new Problem(
                        ErrorCode.INVALID_VALUE,
                        "contains a control character, terminal escape or bidirectional control"));
            }
        }
        if (!DIGEST.matcher(value).matches()
                && (pathShaped(value) ? PublicText.checkPathArgument("value", value) : PublicText.check("value", value))
                        .map(v -> CREDENTIALS.contains(v.reason()))
                        .orElse(false)) {
            return Optional.of(new Problem(
                    ErrorCode.PUBLIC_BOUNDARY_VIOLATION,
                    "looks like a credential or token (not shown; remove it and rotate it if it was real)"));
        }
        return Optional.empty();
    }

    /**
     * A value that names a local file or folder ({@code /…}, {@code ~/…}, {@code ./…}, {@code ../…},
     * or one word with a {@code /} in it): held to {@link PublicText#checkPathArgument}, since temp
     * folders and content-addressed names look random and are no secret.
     */
    private static boolean pathShaped(String value) {
        if (value.indexOf('\n') >= 0 || value.contains("://")) {
            return false;
        }
        return value.startsWith("/")
                || value.startsWith("~/")
                || value.startsWith("./")
                || value.startsWith("../")
                || (value.indexOf('/') >= 0 && value.chars().noneMatch(Character::isWhitespace));
    }

    private static final Pattern DIGEST = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    private static final Set<PublicTextViolation.Reason> CREDENTIALS = EnumSet.of(
            PublicTextViolation.Reason.HTTP_CREDENTIAL,
            PublicTextViolation.Reason.URL_CREDENTIAL,
            PublicTextViolation.Reason.SECRET_ASSIGNMENT,
            PublicTextViolation.Reason.PROVIDER_KEY,
            PublicTextViolation.Reason.PRIVATE_KEY,
            PublicTextViolation.Reason.JWT,
            PublicTextViolation.Reason.RANDOM_TOKEN);

    /**
     * The converter of a ledger location ({@code connect --ledger}, {@code ledger migrate --to}): the
     * rule every option follows, except that a password in a {@code postgresql://} URL gets the
     * specific answer that points at {@code .pgpass} ({@code ledger_location_has_password}; the URL is
     * never echoed) instead of the generic credential refusal.
     */
    public static final class LedgerLocationConverter implements picocli.CommandLine.ITypeConverter<String> {
        private static final Pattern WITH_PASSWORD = Pattern.compile("(?i)postgres(?:ql)?://[^/@?#]*:[^/@?#]*@.*");

        @Override
        public String convert(String value) {
            var problem = argumentProblem(value);
            if (problem.isPresent()) {
                if (problem.get().errorCode() == ErrorCode.PUBLIC_BOUNDARY_VIOLATION
                        && WITH_PASSWORD.matcher(value).matches()) {
                    throw new RefusedValue(
                            new Problem(
                                    ErrorCode.LEDGER_LOCATION_HAS_PASSWORD,
                                    "carries a password (not shown): keep it out of command lines and the runtime root;"
                                            + " put it in the .pgpass file of your home folder (or PGPASSFILE / PGPASSWORD) and give the URL without it"));
                }
                throw new RefusedValue(problem.get());
            }
            return value;
        }
    }

    /** picocli's failure for a value {@link #argumentProblem} refuses: keeps the error code. */
    public static final class RefusedValue extends picocli.CommandLine.TypeConversionException {
        private static final long serialVersionUID = 1L;
        private final transient ErrorCode errorCode;

        RefusedValue(Problem problem) {
            super(problem.description());
            this.errorCode = problem.errorCode();
        }

        public ErrorCode errorCode() {
            return errorCode;
        }
    }

    /** The converter of every {@code String} option and parameter under picocli: {@link #argumentProblem}. */
    public static void converter(picocli.CommandLine cl) {
        cl.registerConverter(String.class, value -> {
            var problem = argumentProblem(value);
            if (problem.isPresent()) {
                throw new RefusedValue(problem.get());
            }
            return value;
        });
    }

    /**
     * A value any option must have when given (a folder, a name): not empty or blank, well-formed,
     * free of control characters. Exit 2, {@code invalid_value}, the value not echoed.
     */
    public static String requireValue(String option, String value) {
        requireWellFormed(option, value);
        if (value == null || value.isBlank()) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, option + " must not be empty");
        }
        if (value.chars()
                .anyMatch(c -> Character.getType(c) == Character.CONTROL || EchoedValues.isBidiControl((char) c))) {
            throw CliError.badInput(
                    ErrorCode.INVALID_VALUE, option + " must be free of control characters and terminal escapes");
        }
        return value;
    }

    /**
     * Reads a text argument from a file: only a regular file (not a FIFO, a device or a folder;
     * checked before it is opened, so a FIFO never blocks), at most {@link #MAX_FILE_BYTES} bytes
     * (read with that bound, whatever the file says its size is), valid UTF-8.
     */
    public static String readUtf8(Path workingDirectory, String file) {
        requireValue("--text-file", file);
        Path path = workingDirectory.resolve(file).normalize();
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) {
                throw CliError.badInput(
                        ErrorCode.TEXT_FILE_UNREADABLE,
                        "--text-file must be a regular file (not a folder, FIFO, socket or device)");
            }
            if (attributes.size() > MAX_FILE_BYTES) {
                throw tooLarge();
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(path)) {
                bytes = in.readNBytes((int) MAX_FILE_BYTES + 1);
            }
            if (bytes.length > MAX_FILE_BYTES) {
                throw tooLarge();
            }
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw CliError.badInput(ErrorCode.INVALID_TEXT, "--text-file is not valid UTF-8");
        } catch (IOException | SecurityException e) {
            throw CliError.badInput(ErrorCode.TEXT_FILE_UNREADABLE, "--text-file cannot be read");
        }
    }

    private static CliError tooLarge() {
        return CliError.badInput(
                ErrorCode.INVALID_TEXT,
                "--text-file is larger than " + MAX_FILE_BYTES + " bytes (" + MAX_CHARS + " characters allow)");
    }

    /** Checks an enum-like option against its allowed words (exit 2 listing them, never the value). */
    public static String oneOf(String option, String value, String... allowed) {
        for (String a : allowed) {
            if (a.equals(value)) {
                return value;
            }
        }
        throw CliError.badInput(ErrorCode.INVALID_ENUM, option + " must be one of: " + String.join(", ", allowed));
    }

    /** A {@code --cli-bin} value (how a host calls LoopX): non-blank, no control characters. */
    public static String cliBin(String cliBin) {
        requireWellFormed("--cli-bin", cliBin);
        if (cliBin.isBlank() || cliBin.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw CliError.badInput(
                    ErrorCode.INVALID_VALUE, "--cli-bin must be non-blank and free of control characters");
        }
        return cliBin;
    }
}
