package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The render layer's rules (issue 34): every answer a command hands out is listed in
 * {@link RenderedAnswer}, one file each, and an answer with a record of its own renders its text
 * from that record, never by reading a JSON tree back.
 */
class RenderLayerTest {
    private static final Path RENDER = Path.of("src", "main", "java", "dev", "loopx", "cli", "render");

    /** Reading a JSON tree: {@code .path("…")}, {@code .at("/…")}, {@code .get("…")}, {@code asText()}. */
    private static final Pattern JSON_READ = Pattern.compile("\\.(path|at|get)\\(\"|\\.as(Text|Long|Int|Boolean)\\(");

    private static List<Class<?>> typedAnswers() {
        return List.of(RenderedAnswer.class.getPermittedSubclasses());
    }

    @Test
    void everyTypedAnswer_isARecordInAFileOfItsOwn() {
        assertFalse(typedAnswers().isEmpty());
        for (Class<?> c : typedAnswers()) {
            assertTrue(c.isRecord(), c + " is a record");
            assertTrue(Files.isRegularFile(RENDER.resolve(c.getSimpleName() + ".java")), c + " has its own file");
            assertEquals("dev.loopx.cli.render", c.getPackageName());
        }
    }

    @Test
    void aTypedAnswersText_isRenderedFromItsRecord_neverFromJson() throws IOException {
        for (Class<?> c : typedAnswers()) {
            String source = Files.readString(RENDER.resolve(c.getSimpleName() + ".java"));
            var m = JSON_READ.matcher(source);
            assertFalse(m.find(), c.getSimpleName() + " reads a JSON tree: " + (m.hitEnd() ? "" : m.group()));
            assertFalse(source.contains("JsonNode"), c.getSimpleName() + " takes a JsonNode");
        }
    }
}
