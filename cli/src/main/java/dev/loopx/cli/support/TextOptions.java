package dev.loopx.cli.support;

import dev.loopx.commands.privacy.PublicText;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Free text from the command line goes through here before anything is opened: the shared
 * privacy guard (no local paths, credentials, tokens or transcripts; no control characters; at
 * most {@link #MAX_CHARS} characters). Failures are exit 2 and never echo the text.
 */
public final class TextOptions {
    public static final int MAX_CHARS = PublicText.MAX_LENGTH;

    private TextOptions() {}

    /**
     * Validates public text with the shared privacy guard ({@link PublicText}); {@code required}
     * refuses empty text. Returns the text unchanged ({@code ""} for absent optional text).
     */
    public static String requirePublic(String option, String text, boolean required) {
        var violation = required ? PublicText.check(option, text) : PublicText.checkOptional(option, text);
        if (violation.isPresent()) {
            throw new CliError(
                    violation.get().errorCode(),
                    violation.get().message(),
                    violation.get().hint());
        }
        return text == null ? "" : text;
    }

    /** Reads a text argument from a file, refusing anything that is not valid UTF-8. */
    public static String readUtf8(Path workingDirectory, String file) {
        Path path = workingDirectory.resolve(file).normalize();
        try {
            if (Files.size(path) > MAX_CHARS * 4L) {
                throw CliError.badInput(
                        ErrorCode.INVALID_TEXT, "the text file is larger than " + MAX_CHARS + " characters allow");
            }
            byte[] bytes = Files.readAllBytes(path);
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw CliError.badInput(ErrorCode.INVALID_TEXT, "the text file is not valid UTF-8");
        } catch (IOException e) {
            throw CliError.badInput(ErrorCode.TEXT_FILE_UNREADABLE, "the text file cannot be read");
        }
    }

    /** Checks an enum-like option against its allowed words (exit 2 listing them). */
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
        if (cliBin.isBlank() || cliBin.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw CliError.badInput(
                    ErrorCode.INVALID_VALUE, "--cli-bin must be non-blank and free of control characters");
        }
        return cliBin;
    }
}
