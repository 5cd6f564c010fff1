package dev.loopx.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.cli.support.Environment;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The quick path's tables are generated from the picocli annotations ({@link QuickOptionsSource}):
 * this test fails when a committed {@code *QuickOptions.java} differs from what the annotations
 * say now. {@code -Dloopx.regenerate=true} rewrites them instead.
 */
class QuickOptionsTest {
    private static final Path SOURCES = Path.of("src/main/java");

    @Test
    void everyQuickCommandsTablesAreGeneratedFromItsAnnotations() throws IOException {
        boolean regenerate = Boolean.getBoolean("loopx.regenerate");
        List<String> stale = new ArrayList<>();
        for (Class<?> command : quickCommandClasses()) {
            List<Class<?>> chain = QuickOptionsSource.declaringChain(command);
            for (int i = 0; i < chain.size(); i++) {
                Class<?> declaring = chain.get(i);
                Optional<Class<?>> parent = i + 1 < chain.size() ? Optional.of(chain.get(i + 1)) : Optional.empty();
                String expected = QuickOptionsSource.source(declaring, parent);
                Path file = SOURCES.resolve(declaring.getPackageName().replace('.', '/'))
                        .resolve(QuickOptionsSource.generatedName(declaring) + ".java");
                String actual = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
                if (!expected.equals(actual)) {
                    if (regenerate) {
                        Files.writeString(file, expected, StandardCharsets.UTF_8);
                    } else {
                        stale.add(file.toString());
                    }
                }
            }
        }
        assertEquals(
                List.of(),
                stale,
                "generated quick-path tables are stale; run ./mvnw -q -o -pl cli test -Dtest=QuickOptionsTest"
                        + " -Dloopx.regenerate=true and commit the result");
    }

    @Test
    void aQuickCommandDeclaresNoOptionNameOutsideItsAnnotations() throws IOException {
        for (Class<?> command : quickCommandClasses()) {
            Path file = SOURCES.resolve(command.getName().replace('.', '/') + ".java");
            String text = Files.readString(file, StandardCharsets.UTF_8);
            assertTrue(!text.contains("Options.of(") && !text.contains("case \"--"), file + " repeats its options");
        }
    }

    private static List<Class<?>> quickCommandClasses() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        Environment env =
                Environment.of(Map.of(), Path.of("."), Path.of("."), Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
        List<Class<?>> out = new ArrayList<>();
        for (String route : Cli.QUICK) {
            CommandLine cl = Cli.commandLine(sink, sink, env);
            for (String word : route.split(" ")) {
                cl = cl.getSubcommands().get(word);
            }
            out.add(cl.getCommandSpec().userObject().getClass());
        }
        return out;
    }
}
