package dev.loopx.cli.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Below the CLI, a command handed to an agent or a person is a value ({@code NextStep}: a verb, named
 * arguments and the inputs the reader gives), never text: no string literal in {@code projections},
 * {@code commands} or {@code application} spells {@code loopx …} or a {@code --flag} (issue 34). The CLI's
 * {@code CommandLines} is the one place both are spelled. The one exception is data that is not a
 * command at all, named here with its reason.
 */
class NoCommandLiteralsBelowTheCliTest {
    private static final List<String> MODULES = List.of("projections", "commands", "application");

    /** Files allowed to hold such a literal, and why: none of them hands a command to anyone. */
    private static final Map<String, String> EXCEPTIONS = Map.of(
            "commands/src/main/java/dev/loopx/commands/privacy/PrivacyRules.java",
            "the option names of other tools' credentials (--token, --user …) that the secret scan looks for"
                    + " in text a person submits",
            "commands/src/main/java/dev/loopx/commands/privacy/ShellHistory.java",
            "the first words of shell commands (git, loopx, codex …) that make numbered lines pasted shell history,"
                    + " which the privacy guard looks for in text a person submits",
            "application/src/main/java/dev/loopx/application/update/PromptReconciliation.java",
            "the arguments of the new runtime's sync-installed, a LoopX child process the update runs itself",
            "application/src/main/java/dev/loopx/application/update/ApplyUpdate.java",
            "the arguments of the version probe of the unpacked runtime, a child process the update runs itself",
            "application/src/main/java/dev/loopx/application/heartbeat/AnswerHeartbeatPrompt.java",
            "the intent name the install receipt is recorded under: ledger data that stored operations keep",
            "application/src/main/java/dev/loopx/application/composition/ScheduledLedgerCheck.java",
            "the arguments of the background ledger verify LoopX starts itself (ADR 0011), a process it runs");

    /** A command ({@code loopx todo …}) or a long option ({@code --goal-id}) at a word start. */
    private static final Pattern COMMAND = Pattern.compile("(?:^|[\\s(`'])(?:loopx [a-z]|--[a-z])");

    @Test
    void projectionsAndCommands_spellNoCommandOrFlag() throws IOException {
        Path repository = Path.of("..").toAbsolutePath().normalize();
        List<String> found = new ArrayList<>();
        int files = 0;
        for (String module : MODULES) {
            try (Stream<Path> sources = Files.walk(repository.resolve(module).resolve("src/main/java"))) {
                for (Path source :
                        sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String relative = repository.relativize(source).toString();
                    if (EXCEPTIONS.containsKey(relative)) {
                        continue;
                    }
                    files++;
                    found.addAll(literals(relative, Files.readAllLines(source), COMMAND));
                }
            }
        }
        assertTrue(files > 100, "the scan found the production sources (" + files + " files)");
        assertEquals(List.of(), found, "commands spelled below the CLI: hand out a NextStep instead");
    }

    @Test
    void theScan_findsACommandOrAFlag_andPassesCommentsAndWords() {
        List<String> lines = List.of(
                "/** Run {@code loopx todo add --role agent}. */",
                "  * loopx todo list in a comment",
                "String a = \"add the first agent todos\"; // loopx todo add",
                "String b = \"loopx todo add --goal-id \" + goal;",
                "String c = \"rerun with --runtime-profile\";",
                "String d = \"a-b --\";");
        assertEquals(
                List.of("X.java:4 \"loopx todo add --goal-id \"", "X.java:5 \"rerun with --runtime-profile\""),
                literals("X.java", lines, COMMAND));
    }

    private static List<String> literals(String file, List<String> lines, Pattern command) {
        List<String> found = new ArrayList<>();
        for (CodeLines.Line line : CodeLines.of(lines)) {
            Matcher m = CodeLines.STRING.matcher(line.text());
            while (m.find()) {
                String literal = m.group();
                if (command.matcher(literal.substring(1, literal.length() - 1)).find()) {
                    found.add(file + ":" + line.number() + " " + literal);
                }
            }
        }
        return found;
    }
}
