package dev.loopx.cli.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Production code names a type by its import, never inline by its fully qualified name
 * ({@code java.util.List.of(…)}, {@code dev.loopx.cli.render.Words.quoted(…)}): a reader sees a
 * file's dependencies at its top, and a name reads the same everywhere (issue 34). Comments, string
 * literals, imports and {@code module-info.java} (whose {@code provides} clauses need the full
 * names) are not code in this sense. A name that would clash with another of the same simple name
 * in the file is the one exception, and none exists today.
 */
class NoInlineQualifiedNamesTest {
    /** A package-qualified type name: lower-case segments, then a capitalised one. */
    private static final Pattern QUALIFIED = Pattern.compile(
            "(?<![\\w.@\"])(?:java|javax|jdk|sun|dev|com|org|io|net|picocli)\\.(?:[a-z_][a-z0-9_]*\\.)+[A-Z]\\w*");

    @Test
    void productionCode_namesTypesByImport_notInline() throws IOException {
        Path repository = Path.of("..").toAbsolutePath().normalize();
        List<String> found = new ArrayList<>();
        int files = 0;
        try (Stream<Path> modules = Files.list(repository)) {
            for (Path module : modules.sorted().toList()) {
                Path main = module.resolve("src/main/java");
                if (!Files.isDirectory(main)) {
                    continue;
                }
                try (Stream<Path> sources = Files.walk(main)) {
                    for (Path source : sources.filter(p -> p.toString().endsWith(".java"))
                            .filter(p -> !p.getFileName().toString().equals("module-info.java"))
                            .toList()) {
                        files++;
                        found.addAll(qualifiedNames(repository.relativize(source), Files.readAllLines(source)));
                    }
                }
            }
        }
        assertTrue(files > 300, "the scan found the production sources (" + files + " files)");
        assertEquals(List.of(), found, "inline fully qualified names: import them");
    }

    @Test
    void theScan_findsAnInlineName_andPassesCommentsStringsAndImports() {
        List<String> lines = List.of(
                "import java.util.List;",
                "/** See {@link java.util.Map}. */",
                "  * java.util.Set in a comment",
                "String s = \"java.util.Optional\"; // java.util.Deque",
                "var x = java.util.List.of(1);");
        assertEquals(List.of("X.java:5 java.util.List"), qualifiedNames(Path.of("X.java"), lines));
    }

    private static List<String> qualifiedNames(Path file, List<String> lines) {
        List<String> found = new ArrayList<>();
        for (CodeLines.Line line : CodeLines.of(lines)) {
            String code = CodeLines.STRING.matcher(line.text()).replaceAll("\"\"");
            int comment = code.indexOf("//");
            if (comment >= 0) {
                code = code.substring(0, comment);
            }
            Matcher m = QUALIFIED.matcher(code);
            while (m.find()) {
                found.add(file + ":" + line.number() + " " + m.group());
            }
        }
        return found;
    }
}
