package dev.loopx.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.ledger.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bad-input rules of issue 24 one by one, through the real CLI ({@link Cli#run}, and
 * {@link Cli#runWithPicocli} where the quick path could answer): each test fails if its rule
 * breaks. The generated cross product is {@link GeneratedBadInputTest}.
 */
class BadInputRulesTest {
    @TempDir
    Path sandbox;

    Path project;
    Path loopxHome;
    String root;

    record Run(int exit, String out, String err) {
        JsonNode json() {
            try {
                return Json.mapper().readTree(out);
            } catch (Exception e) {
                throw new AssertionError("not JSON: " + this, e);
            }
        }
    }

    private Environment env(Path home) {
        return Environment.of(
                Map.of("LOOPX_HOME", home.toString()),
                project,
                sandbox.resolve("home"),
                Clock.fixed(CliRunner.NOW, ZoneOffset.UTC));
    }

    private Run run(boolean quick, String... args) {
        return runWith(env(loopxHome), quick, args);
    }

    private static Run runWith(Environment env, boolean quick, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter o = new PrintWriter(out, true);
        PrintWriter e = new PrintWriter(err, true);
        int exit = quick ? Cli.run(args, o, e, env) : Cli.runWithPicocli(args, o, e, env);
        return new Run(exit, out.toString(), err.toString());
    }

    /** Both parsers give this answer (byte-identical); it is returned. */
    private Run both(String... args) {
        Run quick = run(true, args);
        assertEquals(run(false, args), quick, List.of(args).toString());
        return quick;
    }

    @BeforeEach
    void connect() throws Exception {
        project = Files.createDirectories(sandbox.resolve("app"));
        loopxHome = Files.createDirectories(sandbox.resolve("loopx-home"));
        Files.createDirectories(sandbox.resolve("home"));
        assertEquals(
                0,
                run(true, "connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx").toString();
    }

    private Run refusedUnchanged(String errorCode, String... args) {
        var before = CliRunner.snapshot(sandbox);
        Run run = run(true, args);
        assertEquals(2, run.exit(), run.toString());
        assertEquals(errorCode, run.json().path("error_code").asText(), run.toString());
        assertEquals(before, CliRunner.snapshot(sandbox), "nothing written: " + List.of(args));
        return run;
    }

    private String[] todoAdd(String... more) {
        List<String> args = new java.util.ArrayList<>(
                List.of("--runtime-root", root, "todo", "add", "--goal-id", "g1", "--role", "agent"));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void invalidUtf8InFreeTextIsRefusedBeforeAnythingIsWritten() {
        // bytes that are not UTF-8 reach the JVM's argument array as U+FFFD
        refusedUnchanged("invalid_text", todoAdd("--text", "caf\uFFFD\uFFFD"));
        refusedUnchanged("invalid_text", todoAdd("--text", "a\uD800b"));
        JsonNode added = Json.object();
        Run ok = run(true, todoAdd("--text", "Ship it"));
        assertEquals(0, ok.exit(), ok.toString());
        String todo = ok.json().path("todo_id").asText();
        refusedUnchanged(
                "invalid_text",
                "--runtime-root",
                root,
                "todo",
                "complete",
                "--goal-id",
                "g1",
                "--todo-id",
                todo,
                "--evidence",
                "tests \uFFFD pass");
        refusedUnchanged(
                "invalid_text",
                "--runtime-root",
                root,
                "todo",
                "update",
                "--goal-id",
                "g1",
                "--todo-id",
                todo,
                "--text",
                "x\uFFFD");
        assertTrue(added.isEmpty());
    }

    @Test
    void textFilesAreRegularFilesOnly_aFifoNeverBlocks_aDeviceIsNotRead() throws Exception {
        Path fifo = project.resolve("fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        assertTimeoutPreemptively(
                Duration.ofSeconds(20), () -> refusedUnchanged("text_file_unreadable", todoAdd("--text-file", "fifo")));
        assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> refusedUnchanged("text_file_unreadable", todoAdd("--text-file", "/dev/zero")));
        refusedUnchanged("text_file_unreadable", todoAdd("--text-file", "."));
        Files.writeString(project.resolve("big.txt"), "x".repeat(20_000));
        refusedUnchanged("invalid_text", todoAdd("--text-file", "big.txt"));
        Files.write(project.resolve("latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xe9});
        refusedUnchanged("invalid_text", todoAdd("--text-file", "latin1.txt"));
    }

    @Test
    void idsAndLabelsGoThroughThePrivacyGuard_neverEchoed() {
        String ant = "sk-ant-api03-Qw3rTy8uIoP1aSdFgH4jKlZx7cVbNm2Q-wErT5yUiOp9AA";
        String aws = "AKIAQ7RTY3UIOP4ASDF5";
        String gh = "ghp_Zq8RwV2nXk4LpT7yHs1MbC9dFg3JeA6uQw2E";
        for (String[] args : new String[][] {
            {"connect", "--project", project.toString(), "--goal-id", ant},
            {"--runtime-root", root, "register-agent", "--goal-id", "g1", "--agent-id", aws, "--execute"},
            {
                "--runtime-root",
                root,
                "operator-gate",
                "--goal-id",
                "g1",
                "--decision",
                "approve",
                "--reason-summary",
                "ok",
                "--gate",
                gh
            },
            {
                "--runtime-root",
                root,
                "reward",
                "--goal-id",
                "g1",
                "--reward",
                "positive",
                "--reason-summary",
                "ok",
                "--decision",
                gh
            },
            {
                "--runtime-root",
                root,
                "reward",
                "--goal-id",
                "g1",
                "--reward",
                "positive",
                "--reason-summary",
                "ok",
                "--lesson-kind",
                gh
            },
            {"--runtime-root", root, "status", "--goal-id", ant},
            {"--runtime-root", root, "quota", "should-run", "--goal-id", "g1", "--agent-id", aws},
        }) {
            Run run = refusedUnchanged("public_boundary_violation", args);
            for (String secret : List.of(ant, aws, gh)) {
                assertFalse(run.out().contains(secret.substring(4, 16)), "never echoed: " + run);
            }
            assertEquals(run, run(false, args), "both parsers");
        }
        // a well-formed id that names nothing is still answered without trouble
        Run missing = run(true, "--runtime-root", root, "status", "--goal-id", "other");
        assertEquals("goal_not_found", missing.json().path("error_code").asText(), missing.toString());
    }

    @Test
    void argumentFilesAreNeverExpanded_onEitherParser() throws Exception {
        Files.writeString(project.resolve("reviewer"), "contents of the reviewer file\n");
        Files.writeString(project.resolve(".env"), "API=x y\n");
        for (String text : List.of("@reviewer", "@.env")) {
            Run added = both(todoAdd("--text", text, "--dry-run"));
            assertEquals(0, added.exit(), added.toString());
            assertTrue(added.out().contains("\"" + text + "\""), "the text is taken as given: " + added);
            assertFalse(added.out().contains("contents of the reviewer")
                    || added.out().contains("API=x"));
        }
        Run written = run(true, todoAdd("--text", "@reviewer"));
        assertEquals(0, written.exit(), written.toString());
        Run listed = run(true, "--runtime-root", root, "todo", "list", "--goal-id", "g1");
        assertTrue(listed.out().contains("\"@reviewer\""), listed.toString());
        assertFalse(listed.out().contains("contents of the reviewer"), listed.toString());
        Run root = both("@.env");
        assertEquals(2, root.exit());
        assertFalse(root.out().contains("API=x"), "an argument file is never read: " + root);
        Run id = both("--runtime-root", this.root, "status", "--goal-id", "@reviewer");
        assertEquals("invalid_goal_id", id.json().path("error_code").asText(), id.toString());
    }

    @Test
    void parserErrorsNameTheFlag_cutAndEscapeTheValue_neverShowAPrivateOne() {
        String ant = "sk-ant-api03-Qw3rTy8uIoP1aSdFgH4jKlZx7cVbNm2Q-wErT5yUiOp9AA";
        Run secret = run(true, "--runtime-root", root, "quota", "spend-slot", "--goal-id", "g1", "--slots", ant);
        assertEquals(2, secret.exit());
        String message = secret.json().path("message").asText();
        assertTrue(message.contains("--slots"), message);
        assertFalse(secret.out().contains("Qw3rTy8u"), secret.toString());
        Run huge = run(
                true, "--runtime-root", root, "quota", "spend-slot", "--goal-id", "g1", "--slots", "9".repeat(100_000));
        assertEquals(2, huge.exit());
        assertTrue(
                huge.out().length() < 1_000,
                "a short error for a 100 KB value: " + huge.out().length());
        Run escape = run(
                true,
                "--format",
                "text",
                "--runtime-root",
                root,
                "quota",
                "spend-slot",
                "--goal-id",
                "g1",
                "--slots",
                "\u001b[2J\u001b[H");
        assertEquals(2, escape.exit());
        assertTrue(escape.err().contains("--slots"), escape.toString());
        assertFalse(escape.err().contains("\u001b"), "no escape sequence reaches the terminal: " + escape);
        Run unknown = run(true, "--format", "text", "--runtime-root", root, "status", "--\u001b[31mred");
        assertEquals(2, unknown.exit());
        assertFalse(unknown.err().contains("\u001b"), unknown.toString());
        Run unmatched = run(true, "--runtime-root", root, "status", "--goal-id", "g1", ant);
        assertEquals(2, unmatched.exit());
        assertFalse(unmatched.out().contains("Qw3rTy8u"), unmatched.toString());
    }

    @Test
    void emptyTextAndLooseNumbersAreRefused() {
        Run ok = run(true, todoAdd("--text", "Ship it"));
        String todo = ok.json().path("todo_id").asText();
        refusedUnchanged(
                "invalid_value",
                "--runtime-root",
                root,
                "todo",
                "complete",
                "--goal-id",
                "g1",
                "--todo-id",
                todo,
                "--evidence",
                "");
        refusedUnchanged("invalid_value", "--runtime-root", root, "refresh-state", "--goal-id", "g1", "--summary", "");
        refusedUnchanged("invalid_value", "connect", "--project", project.toString(), "--objective", "");
        refusedUnchanged("invalid_value", "connect", "--project", "");
        for (String number : List.of("１２", " 1", "1 ", "inf", "1e3", "99999999999999999999", "\u202E12")) {
            Run run = refusedUnchanged(
                    "invalid_value",
                    "--runtime-root",
                    root,
                    "configure-goal",
                    "--goal-id",
                    "g1",
                    "--quota-window-hours",
                    number,
                    "--execute");
            assertTrue(run.json().path("message").asText().contains("--quota-window-hours"), run.toString());
            assertFalse(run.out().contains("\u202E"), run.toString());
        }
        Run slots = run(true, "--runtime-root", root, "quota", "spend-slot", "--goal-id", "g1", "--slots", "１");
        assertEquals(2, slots.exit(), slots.toString());
    }

    @Test
    void aHugeYearIsBadInput() {
        for (String now : List.of("+275760-09-13T00:00:00Z", "99999-01-01T00:00:00Z", "2026-02-30T00:00:00Z")) {
            Run run =
                    refusedUnchanged("invalid_time", "--now", now, "--runtime-root", root, "status", "--goal-id", "g1");
            assertTrue(run.json().path("message").asText().contains("--now"), run.toString());
            refusedUnchanged(
                    "invalid_time",
                    "--now",
                    now,
                    "--runtime-root",
                    root,
                    "todo",
                    "declare-empty",
                    "--goal-id",
                    "g1",
                    "--role",
                    "user");
            refusedUnchanged("invalid_resume_when", todoAdd("--text", "Later", "--resume-when", "resume_at:" + now));
        }
    }

    @Test
    void connectRefusesTheFileSystemRoot() {
        refusedUnchanged("invalid_value", "connect", "--project", "/", "--dry-run");
        refusedUnchanged("invalid_value", "connect", "--project", "/");
        assertFalse(Files.exists(Path.of("/.loopx")), "no runtime root at /");
    }

    @Test
    void connectWithAnUnwritableLoopxHomeWritesNothing() throws Exception {
        Path other = Files.createDirectories(sandbox.resolve("other"));
        // a LoopX home below a regular file can never be created, whoever runs the test (root too)
        Path blocker = Files.writeString(sandbox.resolve("blocker"), "");
        Path home = blocker.resolve("loopx-home");
        var before = CliRunner.snapshot(sandbox);
        Run run = runWith(env(home), true, "connect", "--project", other.toString(), "--goal-id", "g2");
        assertEquals(3, run.exit(), run.toString());
        assertEquals("project_index_unwritable", run.json().path("error_code").asText(), run.toString());
        assertEquals(before, CliRunner.snapshot(sandbox), "no runtime root, no goal, no .gitignore");
        if (!"root".equals(System.getProperty("user.name"))) {
            Path readOnly = Files.createDirectories(sandbox.resolve("ro-home"));
            Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-x------"));
            Run ro = runWith(env(readOnly), true, "connect", "--project", other.toString(), "--goal-id", "g2");
            assertEquals(3, ro.exit(), ro.toString());
            assertFalse(Files.exists(other.resolve(".loopx")), ro.toString());
        }
    }
}
