package dev.loopx.cli.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same-outcome breaker through the real CLI: {@code global-risks} names a held lane as
 * {@code same_outcome_loop} with a {@code fix} that runs as printed in the project (first the
 * lane's checkpoint, then the owner's answer to the gate), after which the risk is gone; the text
 * views name the gate and its answer.
 */
class SameOutcomeBreakerCliTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;

    @BeforeEach
    void connect() throws Exception {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        ok("register-agent", "--goal-id", "g1", "--agent-id", "builder", "--agent-id", "reviewer", "--execute");
        ok("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Build it", "--claimed-by", "builder");
    }

    private CliRunner.Result run(String... args) {
        return cli.runIn(project, args);
    }

    private JsonNode ok(String... args) {
        CliRunner.Result r = run(args);
        assertEquals(0, r.exit(), () -> String.join(" ", args) + ": " + r);
        return r.json();
    }

    private JsonNode gap() {
        return ok(
                "refresh-state",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--delivery-outcome",
                "outcome_gap",
                "--summary",
                "tests fail");
    }

    private List<JsonNode> loops() {
        List<JsonNode> out = new ArrayList<>();
        ok("global-risks").path("projects").get(0).path("risks").forEach(r -> {
            if (r.path("kind").asText().equals("same_outcome_loop")) {
                out.add(r);
            }
        });
        return out;
    }

    /** A printed command line split as {@code sh} would (plain words and single-quoted ones), {@code loopx} dropped. */
    private static String[] words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char c : line.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
                any = true;
            } else if (c == ' ' && !quoted) {
                if (any) {
                    words.add(w.toString());
                }
                w.setLength(0);
                any = false;
            } else {
                w.append(c);
                any = true;
            }
        }
        if (any) {
            words.add(w.toString());
        }
        assertEquals("loopx", words.get(0), line);
        return words.subList(1, words.size()).toArray(String[]::new);
    }

    @Test
    void aLoopingLane_isARisk_whoseFixRunsAsPrinted_untilTheRiskIsGone() {
        gap();
        gap();
        assertTrue(loops().isEmpty());
        gap();
        List<JsonNode> replan = loops();
        assertEquals(1, replan.size());
        String checkpoint = replan.get(0).path("fix").asText();
        assertTrue(checkpoint.startsWith("loopx todo checkpoint --goal-id g1 --agent-id builder --note "), checkpoint);
        ok(words(checkpoint));
        assertTrue(loops().isEmpty());

        gap();
        gap();
        JsonNode opened = gap();
        String gate = opened.path("same_outcome_gate").path("todo_id").asText();
        assertEquals(
                "builder", opened.path("same_outcome_gate").path("blocks_agent").asText());
        String fix = loops().get(0).path("fix").asText();
        assertEquals("loopx todo complete --goal-id g1 --todo-id " + gate + " --decision-outcome approve", fix);
        assertEquals(fix, opened.path("same_outcome_gate").path("answered_by").asText());
        JsonNode gated = ok(
                "quota", "should-run", "--goal-id", "g1", "--agent-id", "builder", "--runtime-profile", "generic_cli");
        assertEquals("operator_gate_notify", gated.path("effective_action").asText());
        JsonNode other = ok(
                "quota", "should-run", "--goal-id", "g1", "--agent-id", "reviewer", "--runtime-profile", "generic_cli");
        assertFalse(other.path("effective_action").asText().equals("operator_gate_notify"), other.toString());

        ok(words(fix));
        assertTrue(loops().isEmpty());
        JsonNode again = ok(
                "quota", "should-run", "--goal-id", "g1", "--agent-id", "builder", "--runtime-profile", "generic_cli");
        assertEquals("normal_run", again.path("effective_action").asText());
    }

    @Test
    void theTextViews_nameTheGateAndItsAnswer_andTheLimits() {
        ok(
                "configure-goal",
                "--goal-id",
                "g1",
                "--same-outcome-replan-after",
                "2",
                "--same-outcome-gate-after",
                "3",
                "--execute");
        gap();
        gap();
        CliRunner.Result text = run(
                "--format",
                "text",
                "refresh-state",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--delivery-outcome",
                "outcome_gap",
                "--summary",
                "Tests  fail");
        assertEquals(0, text.exit(), text::toString);
        assertTrue(text.stdout().contains("breaker"), text.stdout());
        assertTrue(text.stdout().contains("--decision-outcome approve"), text.stdout());
        CliRunner.Result preview = run(
                "--format",
                "text",
                "configure-goal",
                "--goal-id",
                "g1",
                "--same-outcome-replan-after",
                "4",
                "--same-outcome-gate-after",
                "8");
        assertTrue(preview.stdout().contains("same outcome replan after 2 → 4"), preview.stdout());
        assertTrue(preview.stdout().contains("replan after 4, owner gate after 8"), preview.stdout());
    }

    @Test
    void limitsOutOfOrder_areBadInput_andWriteNothing() {
        CliRunner.Result r = run("configure-goal", "--goal-id", "g1", "--same-outcome-replan-after", "7", "--execute");
        assertEquals(2, r.exit(), r::toString);
        assertEquals("invalid_same_outcome_limits", r.json().path("error_code").asText());
        JsonNode after = ok("configure-goal", "--goal-id", "g1");
        assertEquals(3, after.path("before").path("same_outcome_replan_after").asInt());
        assertEquals(6, after.path("before").path("same_outcome_gate_after").asInt());
    }
}
