package dev.loopx.cli.support;

import dev.loopx.commands.privacy.PathRedactor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Free text from the command line goes through here before anything is opened: public-safe
 * (no local paths, credentials or transcripts), no control characters, at most
 * {@link #MAX_CHARS} characters. Failures are exit 2 and never echo the text.
 */
public final class TextOptions {
    public static final int MAX_CHARS = 4_000;

    private TextOptions() {}

    /** Validates public text; {@code required} refuses empty text. Returns the text unchanged. */
    public static String requirePublic(String option, String text, boolean required) {
        if (text == null || text.isBlank()) {
            if (required) {
                throw CliError.badInput("invalid_text", option + " must not be empty");
            }
            return text == null ? "" : "";
        }
        if (text.length() > MAX_CHARS) {
            throw CliError.badInput("invalid_text", option + " is " + text.length() + " characters; at most " + MAX_CHARS + " are allowed");
        }
        if (text.chars().anyMatch(ch -> ch < 0x20 && ch != '\n' && ch != '\t')) {
            throw CliError.badInput("invalid_text", option + " contains control characters");
        }
        PublicBoundary.check(option, text);
        if (PathRedactor.containsPath(text)) {
            throw new CliError("public_boundary_violation", option + " contains an absolute local path; public state never holds one",
                    "describe the file relative to the project (e.g. src/App.java)");
        }
        return text;
    }

    /** Reads a text argument from a file, refusing anything that is not valid UTF-8. */
    public static String readUtf8(Path workingDirectory, String file) {
        Path path = workingDirectory.resolve(file).normalize();
        try {
            if (Files.size(path) > MAX_CHARS * 4L) {
                throw CliError.badInput("invalid_text", "the text file is larger than " + MAX_CHARS + " characters allow");
            }
            byte[] bytes = Files.readAllBytes(path);
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw CliError.badInput("invalid_text", "the text file is not valid UTF-8");
        } catch (IOException e) {
            throw CliError.badInput("text_file_unreadable", "the text file cannot be read");
        }
    }

    /** Checks an enum-like option against its allowed words (exit 2 listing them). */
    public static String oneOf(String option, String value, String... allowed) {
        for (String a : allowed) {
            if (a.equals(value)) {
                return value;
            }
        }
        throw CliError.badInput("invalid_enum", option + " must be one of: " + String.join(", ", allowed));
    }
}
