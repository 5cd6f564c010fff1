package dev.loopx.host.codexapp.store;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import io.vavr.control.Either;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One {@code automation.toml}, parsed by a real TOML parser (jackson-dataformat-toml; date-times
 * stay text). Holds the exact bytes it was parsed from. Immutable.
 */
public final class AutomationToml {
    private static final TomlMapper TOML = new TomlMapper();

    private final byte[] bytes;
    private final ObjectNode tree;

    private AutomationToml(byte[] bytes, ObjectNode tree) {
        this.bytes = bytes;
        this.tree = tree;
    }

    /** The exact bytes of the file at {@code path}; empty when there is none. */
    static Optional<byte[]> readIfExists(Path path) throws IOException {
        try {
            return Optional.of(Files.readAllBytes(path));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /** A regular file that is not a symbolic link (a rename over a link would replace the link). */
    static boolean isPlainFile(Path path) {
        return Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS);
    }

    /** Parses strict UTF-8 TOML; anything else is {@code toml_invalid}. */
    public static Either<StoreProblem, AutomationToml> parse(byte[] bytes) {
        Optional<String> text = Utf8.decode(bytes);
        if (text.isEmpty()) {
            return Either.left(StoreProblem.of(StoreProblem.Code.TOML_INVALID, "automation.toml is not valid UTF-8"));
        }
        return tree(text.get()).map(t -> new AutomationToml(bytes.clone(), t));
    }

    static Either<StoreProblem, ObjectNode> tree(String text) {
        try {
            JsonNode node = TOML.readTree(text);
            if (node instanceof ObjectNode o) {
                return Either.right(o);
            }
            return Either.left(StoreProblem.of(StoreProblem.Code.TOML_INVALID, "automation.toml is not a TOML table"));
        } catch (JacksonException e) {
            return Either.left(StoreProblem.of(
                    StoreProblem.Code.TOML_INVALID,
                    "automation.toml is not valid TOML (" + e.getOriginalMessage() + ")"));
        }
    }

    public byte[] bytes() {
        return bytes.clone();
    }

    /** The parsed document (a deep copy). */
    public ObjectNode tree() {
        return tree.deepCopy();
    }

    /** A root key's value when it is a string; empty when absent or of another type. */
    public Optional<String> string(String key) {
        JsonNode v = tree.get(key);
        return v != null && v.isTextual() ? Optional.of(v.textValue()) : Optional.empty();
    }

    /** Whether a root key is present (of any type). */
    public boolean has(String key) {
        return tree.has(key);
    }
}
