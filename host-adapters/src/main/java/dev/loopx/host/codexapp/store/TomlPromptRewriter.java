package dev.loopx.host.codexapp.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vavr.control.Either;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Rewrites only the root {@code prompt} value of an {@code automation.toml}, in place: the bytes
 * before and after the old value's literal are copied unchanged (comments, unknown keys, order,
 * spacing, line endings). The new value is written as a basic or multi-line basic string
 * ({@link TomlStrings#encodePrompt}). Every rewrite is verified with the TOML parser: the new
 * document must parse, its {@code prompt} must equal the intended value exactly, and with
 * {@code prompt} removed both documents must parse to equal trees. Anything else is refused
 * ({@code toml_prompt_unrewritable}) and nothing is produced. Stateless, thread-safe.
 */
public final class TomlPromptRewriter {
    private TomlPromptRewriter() {}

    public static Either<StoreProblem, byte[]> rewrite(byte[] original, String newPrompt) {
        Optional<byte[]> promptBytes = Utf8.encode(newPrompt);
        if (promptBytes.isEmpty()) {
            return Either.left(StoreProblem.of(
                    StoreProblem.Code.PROMPT_NOT_ENCODABLE,
                    "the new prompt is not valid Unicode (unpaired surrogate)"));
        }
        Optional<String> decoded = Utf8.decode(original);
        if (decoded.isEmpty()) {
            return Either.left(StoreProblem.of(StoreProblem.Code.TOML_INVALID, "automation.toml is not valid UTF-8"));
        }
        String text = decoded.get();
        Either<StoreProblem, ObjectNode> before = AutomationToml.tree(text);
        if (before.isLeft()) {
            return Either.left(before.getLeft());
        }
        JsonNode oldPrompt = before.get().get("prompt");
        if (oldPrompt == null || !oldPrompt.isTextual()) {
            return unrewritable("the document-root prompt is missing or not a string");
        }
        Either<String, TomlPromptLocator.Span> span = TomlPromptLocator.locate(text);
        if (span.isLeft()) {
            return unrewritable(span.getLeft());
        }
        int start = text.substring(0, span.get().start()).getBytes(StandardCharsets.UTF_8).length;
        int end = text.substring(0, span.get().end()).getBytes(StandardCharsets.UTF_8).length;
        byte[] literal = TomlStrings.encodePrompt(newPrompt).getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[start + literal.length + (original.length - end)];
        System.arraycopy(original, 0, out, 0, start);
        System.arraycopy(literal, 0, out, start, literal.length);
        System.arraycopy(original, end, out, start + literal.length, original.length - end);
        return verify(before.get(), out, newPrompt);
    }

    private static Either<StoreProblem, byte[]> verify(ObjectNode before, byte[] out, String newPrompt) {
        Either<StoreProblem, ObjectNode> after = AutomationToml.tree(new String(out, StandardCharsets.UTF_8));
        if (after.isLeft()) {
            return unrewritable("the rewritten document does not parse");
        }
        JsonNode written = after.get().get("prompt");
        if (written == null || !written.isTextual() || !written.textValue().equals(newPrompt)) {
            return unrewritable("the rewritten prompt does not read back as the intended value");
        }
        ObjectNode a = before.deepCopy();
        ObjectNode b = after.get().deepCopy();
        a.remove("prompt");
        b.remove("prompt");
        if (!a.equals(b)) {
            return unrewritable("the rewrite would change more than the prompt");
        }
        return Either.right(out);
    }

    private static Either<StoreProblem, byte[]> unrewritable(String reason) {
        return Either.left(StoreProblem.of(
                StoreProblem.Code.TOML_PROMPT_UNREWRITABLE,
                "automation.toml's prompt cannot be rewritten safely: " + reason));
    }
}
