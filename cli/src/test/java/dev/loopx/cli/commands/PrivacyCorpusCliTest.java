package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.cli.testing.CliRunner;
import dev.loopx.commands.privacy.PrivacyCorpus;
import dev.loopx.commands.privacy.PrivacyCorpus.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sample of the generated privacy corpus (issue 24) through the real CLI: every private text
 * given as {@code todo add --text}, {@code todo complete --evidence} or {@code todo supersede
 * --reason} is refused with exit 2 and {@code public_boundary_violation}, never echoed on stdout
 * or stderr, and leaves every file byte-identical; every benign text is accepted. The whole corpus
 * runs against the built distribution in {@code bench/privacy-corpus}.
 */
class PrivacyCorpusCliTest {
    private static final int PRIVATE_STRIDE = 12;
    private static final int BENIGN_STRIDE = 20;

    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;
    String openTodo;

    @BeforeEach
    void goalWithAnOpenTodo() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx").toString();
        openTodo = addTodo("Write the importer");
    }

    private String addTodo(String text) {
        var added =
                cli.run("--runtime-root", root, "todo", "add", "--goal-id", "g1", "--role", "agent", "--text", text);
        assertEquals(0, added.exit(), added::toString);
        return added.json().get("todo_id").asText();
    }

    private String[] withField(int which, String text) {
        return switch (which % 3) {
            case 0 ->
                new String[] {
                    "--runtime-root", root, "todo", "add", "--goal-id", "g1", "--role", "agent", "--text", text
                };
            case 1 ->
                new String[] {
                    "--runtime-root",
                    root,
                    "todo",
                    "complete",
                    "--goal-id",
                    "g1",
                    "--todo-id",
                    openTodo,
                    "--evidence",
                    text
                };
            default ->
                new String[] {
                    "--runtime-root",
                    root,
                    "todo",
                    "supersede",
                    "--goal-id",
                    "g1",
                    "--todo-id",
                    openTodo,
                    "--reason",
                    text,
                    "--next-agent-todo",
                    "Import the CSV first"
                };
        };
    }

    @Test
    void everySampledPrivateTextIsRefusedNeverEchoedAndNeverStored() {
        List<Sample> samples = PrivacyCorpus.generate().privateTexts();
        int tried = 0;
        for (int i = 0; i < samples.size(); i += PRIVATE_STRIDE) {
            Sample sample = samples.get(i);
            Map<String, String> before = CliRunner.snapshot(sandbox);
            var result = cli.run(withField(tried, sample.text()));
            assertEquals(2, result.exit(), () -> sample + ": " + result);
            assertEquals(
                    "public_boundary_violation", result.json().get("error_code").asText(), sample::toString);
            String shown = result.stdout() + result.stderr();
            for (String piece : pieces(sample.secret())) {
                assertFalse(shown.contains(piece), () -> sample + " echoed a piece of its secret");
            }
            assertEquals(before, CliRunner.snapshot(sandbox), () -> sample + " changed a file");
            tried++;
        }
        assertTrue(tried >= 80, "sampled " + tried);
    }

    @Test
    void everySampledBenignTextIsAccepted() {
        List<Sample> samples = PrivacyCorpus.generate().benignTexts();
        Set<String> texts = new LinkedHashSet<>();
        for (int i = 0; i < samples.size(); i += BENIGN_STRIDE) {
            texts.add(samples.get(i).text());
        }
        List<String> refused = new ArrayList<>();
        int n = 0;
        for (String text : texts) {
            String todo = addTodo("Step " + n + " of the benign sample");
            String[] args = switch (n % 3) {
                case 0 ->
                    new String[] {
                        "--runtime-root", root, "todo", "add", "--goal-id", "g1", "--role", "agent", "--text", text
                    };
                case 1 ->
                    new String[] {
                        "--runtime-root",
                        root,
                        "todo",
                        "complete",
                        "--goal-id",
                        "g1",
                        "--todo-id",
                        todo,
                        "--evidence",
                        text
                    };
                default ->
                    new String[] {
                        "--runtime-root",
                        root,
                        "todo",
                        "supersede",
                        "--goal-id",
                        "g1",
                        "--todo-id",
                        todo,
                        "--reason",
                        text,
                        "--next-agent-todo",
                        "Follow-up " + n
                    };
            };
            var result = cli.run(args);
            if (result.exit() != 0) {
                refused.add(text + " -> " + result);
            }
            n++;
        }
        assertTrue(n >= 30, "sampled " + n);
        assertEquals(List.of(), refused);
    }

    /** The secret itself and every 12-character window of it (or the whole of a shorter one). */
    private static List<String> pieces(String secret) {
        List<String> pieces = new ArrayList<>();
        pieces.add(secret);
        for (int i = 0; i + 12 <= secret.length(); i++) {
            String piece = secret.substring(i, i + 12);
            if (!piece.isBlank()) {
                pieces.add(piece);
            }
        }
        return pieces;
    }
}
