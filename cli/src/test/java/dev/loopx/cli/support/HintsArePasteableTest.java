package dev.loopx.cli.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.cli.render.CommandLines;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.commands.Rejection;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every hint a person is shown in text mode is runnable as printed: each command in it (the whole
 * hint when it starts with {@code loopx }, else what follows {@code ": "}) parses in {@code sh -n}
 * and holds no {@code <} or {@code >} a shell would take for a redirection. Covers the hint of every
 * decider refusal, of every ledger failure, and of a corpus of real failing invocations, plus the
 * commands a should-run and a doctor answer list.
 */
class HintsArePasteableTest {
    private static final Map<String, String> KNOWN =
            Map.of("--goal-id", "g1", "--agent-id", "builder", "--todo-id", "todo_0123456789ab");

    @TempDir
    Path sandbox;

    @Test
    void theHintOfEveryRefusal_pastesIntoAShell() throws Exception {
        List<String> hints = new ArrayList<>();
        for (Class<?> type : Rejection.class.getPermittedSubclasses()) {
            hints.add(CommandLines.of(Hints.fill(RejectionHints.of(sample(type)), KNOWN)));
        }
        for (String code : List.of(
                "runtime_root_not_found",
                "runtime_root_not_initialized",
                "projection_diverged",
                "lock_acquire_timeout",
                "project_index_lock_timeout",
                "ledger_corrupt",
                "ledger_unreadable",
                "anything_else")) {
            hints.add(Hints.runnable(CliContext.hintFor(code), Map.of()));
        }
        assertPasteable(hints);
    }

    @Test
    void everyHintAndNextCommandTheRealCliPrints_pastesIntoAShell() throws Exception {
        CliRunner cli = new CliRunner(sandbox);
        Path project =
                java.nio.file.Files.createDirectories(cli.workingDirectory().resolve("app"));
        String root = project.resolve(".loopx").toString();
        List<String> lines = new ArrayList<>();
        lines.addAll(hintLines(cli.run("--format", "text", "--runtime-root", root, "status")));
        cli.run("connect", "--project", project.toString());
        String g = "app-goal";
        cli.run("--runtime-root", root, "register-agent", "--goal-id", g, "--agent-id", "builder", "--execute");
        cli.run("--runtime-root", root, "todo", "add", "--goal-id", g, "--role", "agent", "--text", "Write it");
        String[][] failing = {
            {"todo", "claim", "--goal-id", g, "--todo-id", "todo_0123456789ab", "--agent-id", "builder"},
            {"todo", "complete", "--goal-id", g, "--todo-id", "todo_0123456789ab", "--agent-id", "builder"},
            {"quota", "spend-slot", "--goal-id", g, "--agent-id", "builder", "--execute"},
            {"quota", "should-run", "--goal-id", g, "--agent-id", "ghost", "--runtime-profile", "claude_code"},
            {"quota", "void-slot", "--goal-id", g, "--spent-seq", "99", "--reason-summary", "wrong", "--execute"},
            {"todo", "list", "--goal-id", "nope"},
            {"todo", "list", "--goal-id", g, "--status", "opened"},
            {"status", "--goal-id", "nope"},
            {"stauts"},
            {"todo", "ad"},
        };
        for (String[] args : failing) {
            List<String> full = new ArrayList<>(List.of("--format", "text", "--runtime-root", root));
            full.addAll(List.of(args));
            CliRunner.Result r = cli.run(full.toArray(String[]::new));
            assertTrue(r.exit() != 0, String.join(" ", args) + " should fail: " + r);
            List<String> found = hintLines(r);
            assertFalse(found.isEmpty(), "no hint for " + String.join(" ", args) + ": " + r);
            lines.addAll(found);
        }
        CliRunner.Result run = cli.run(
                "--format",
                "text",
                "--runtime-root",
                root,
                "quota",
                "should-run",
                "--goal-id",
                g,
                "--agent-id",
                "builder",
                "--runtime-profile",
                "codex_app_heartbeat");
        boolean inNext = false;
        List<String> next = new ArrayList<>();
        for (String line : run.stdout().split("\n")) {
            String trimmed = line.strip();
            if (line.startsWith("  ") && !line.startsWith("   ")) {
                inNext = trimmed.startsWith("next ") || trimmed.startsWith("wake ");
                trimmed = trimmed.replaceFirst("^(next|wake)\\s+", "");
            }
            if (inNext && trimmed.startsWith("loopx ")) {
                next.add(trimmed);
            }
        }
        // should-run's next commands hold only real values: what the agent adds is on its own line
        assertTrue(
                next.contains("loopx todo complete --goal-id " + g + " --todo-id " + todo(run) + " --agent-id builder"),
                "the delivery command, without a filler: " + next);
        assertTrue(
                Pattern.compile("\n +add --evidence: what was delivered\n")
                        .matcher(run.stdout())
                        .find(),
                run::toString);
        lines.addAll(next);
        assertPasteable(lines);
    }

    private static String todo(CliRunner.Result shouldRun) {
        Matcher m = Pattern.compile("--todo-id (todo_[0-9a-f]{12})").matcher(shouldRun.stdout());
        assertTrue(m.find(), shouldRun::toString);
        return m.group(1);
    }

    private static List<String> hintLines(CliRunner.Result r) {
        List<String> hints = new ArrayList<>();
        for (String line : r.stderr().split("\n")) {
            if (line.startsWith("hint: ")) {
                hints.add(line.substring("hint: ".length()));
            }
        }
        return hints;
    }

    /** Every command in {@code hints} passes {@code sh -n} and has no redirection character. */
    private static void assertPasteable(List<String> hints) throws IOException, InterruptedException {
        Set<String> commands = new LinkedHashSet<>();
        for (String hint : hints) {
            if (hint.startsWith("loopx ")) {
                commands.add(hint);
            } else if (hint.contains(": loopx ")) {
                commands.add(hint.substring(hint.indexOf(": loopx ") + 2));
            }
        }
        assertFalse(commands.isEmpty(), "no command among " + hints);
        for (String command : commands) {
            assertFalse(
                    command.contains("<") || command.contains(">"),
                    "a placeholder the shell reads as a redirection: " + command);
            Process sh = new ProcessBuilder("sh", "-n", "-c", command)
                    .redirectErrorStream(true)
                    .start();
            String out = new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(sh.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, sh.exitValue(), "sh -n refuses `" + command + "`: " + out);
        }
    }

    /** A refusal of {@code type} with plain sample values. */
    private static Rejection sample(Class<?> type) throws ReflectiveOperationException {
        RecordComponent[] parts = type.getRecordComponents();
        Class<?>[] types = new Class<?>[parts.length];
        Object[] values = new Object[parts.length];
        for (int i = 0; i < parts.length; i++) {
            types[i] = parts[i].getType();
            values[i] = types[i] == String.class
                    ? (parts[i].getName().toLowerCase(java.util.Locale.ROOT).contains("todo")
                            ? "todo_0123456789ab"
                            : "g1")
                    : types[i] == long.class
                            ? (Object) 7L
                            : types[i] == int.class ? (Object) 7 : List.of("builder", "reviewer");
        }
        return (Rejection) type.getDeclaredConstructor(types).newInstance(values);
    }
}
