package dev.loopx.cli.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.commands.privacy.PublicTextViolation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code error_code} spelled anywhere in the production sources (every module) is an
 * {@link ErrorCode}, so each has an exit code decided by type in {@link ExitCodes} and none falls
 * through to a default.
 */
class ErrorCodeTest {
    /** Where a code is spelled: the first argument of an error's constructor, or an errorCode() answer. */
    private static final Pattern SPELLED = Pattern.compile(
            "(?:new (?:LedgerException|LockTimeoutException|CliError|InvalidRequest|Problem)|badInput|super)\\(\\s*\"([a-z]+(?:_[a-z]+)+)\""
                    + "|errorCode\\(\\)\\s*\\{\\s*return \"([a-z]+(?:_[a-z]+)+)\""
                    + "|ERROR_CODE\\s*=\\s*\"([a-z]+(?:_[a-z]+)+)\""
                    + "|put\\(\"error_code\",\\s*\"([a-z]+(?:_[a-z]+)+)\"\\)");

    @Test
    void everyCodeSpelledInTheSourcesIsAnErrorCode() throws IOException {
        TreeSet<String> spelled = new TreeSet<>();
        Path repo = Path.of("..").toAbsolutePath().normalize();
        try (Stream<Path> files = Files.walk(repo)) {
            for (Path file : files.filter(
                            f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/"))
                    .toList()) {
                Matcher m = SPELLED.matcher(Files.readString(file));
                while (m.find()) {
                    for (int g = 1; g <= m.groupCount(); g++) {
                        if (m.group(g) != null) {
                            spelled.add(m.group(g));
                        }
                    }
                }
            }
        }
        assertTrue(spelled.size() > 40, "the sources were scanned: " + spelled);
        List<String> unknown = spelled.stream()
                .filter(code -> ErrorCode.fromWire(code).isEmpty())
                .toList();
        assertEquals(List.of(), unknown, "error codes without an ErrorCode (and so without an exit code)");
    }

    @Test
    void docsCliMdListsEveryErrorCodeWithItsExitCode() throws IOException {
        String doc = Files.readString(Path.of("..").toAbsolutePath().normalize().resolve("docs/cli.md"));
        String section = doc.substring(doc.indexOf("\n## Error codes\n"));
        java.util.Map<String, java.util.Set<Integer>> exits = new java.util.TreeMap<>();
        Matcher row = Pattern.compile("(?m)^\\|([^|]*)\\|\\s*([0-9])\\s*\\|").matcher(section);
        while (row.find()) {
            Matcher code = Pattern.compile("`([a-z_]+)`").matcher(row.group(1));
            while (code.find()) {
                exits.computeIfAbsent(code.group(1), k -> new TreeSet<>()).add(Integer.parseInt(row.group(2)));
            }
        }
        List<String> wrong = new java.util.ArrayList<>();
        for (ErrorCode code : ErrorCode.values()) {
            java.util.Set<Integer> listed = exits.get(code.wire());
            if (listed == null || !listed.equals(java.util.Set.of(ExitCodes.forError(code)))) {
                wrong.add(code.wire() + " (exit " + ExitCodes.forError(code) + ", docs: " + listed + ")");
            }
        }
        assertEquals(List.of(), wrong, "docs/cli.md \"## Error codes\" lists every code with its exit code");
    }

    @Test
    void everyPrivacyFindingIsAnErrorCode() {
        for (PublicTextViolation.Reason reason : PublicTextViolation.Reason.values()) {
            assertEquals(ExitCodes.BAD_INPUT, ExitCodes.forError(ErrorCode.of(reason.errorCode())), reason.name());
        }
    }
}
