package dev.loopx.cli.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code loopx evidence-log} end to end through the CLI: newest first, the lane's own items, a byte budget. */
class EvidenceLogCommandTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;

    @BeforeEach
    void connect() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx").toString();
        ok("register-agent", "--goal-id", "g1", "--agent-id", "builder", "--agent-id", "reviewer", "--execute");
    }

    private CliRunner.Result run(String... args) {
        String[] full = new String[args.length + 2];
        full[0] = "--runtime-root";
        full[1] = root;
        System.arraycopy(args, 0, full, 2, args.length);
        return cli.run(full);
    }

    private JsonNode ok(String... args) {
        CliRunner.Result r = run(args);
        assertEquals(0, r.exit(), () -> String.join(" ", args) + ": " + r);
        return r.json();
    }

    private void history() {
        ok(
                "refresh-state",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--delivery-outcome",
                "outcome_progress",
                "--summary",
                "parser merged");
        ok("quota", "spend-slot", "--goal-id", "g1", "--agent-id", "builder", "--execute");
        ok(
                "refresh-state",
                "--goal-id",
                "g1",
                "--agent-id",
                "reviewer",
                "--delivery-outcome",
                "outcome_progress",
                "--summary",
                "review of the parser");
        ok(
                "reward",
                "--goal-id",
                "g1",
                "--reward",
                "positive",
                "--reason-summary",
                "parser shipped",
                "--actor-kind",
                "owner");
        ok(
                "operator-gate",
                "--goal-id",
                "g1",
                "--decision",
                "approve",
                "--reason-summary",
                "schema reviewed",
                "--gate",
                "schema");
        ok(
                "refresh-state",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--delivery-outcome",
                "surface_only",
                "--summary",
                "docs touched");
    }

    @Test
    void theLog_isTheLanesOwnItemsAndTheGoalsDecisions_newestFirst() {
        history();
        JsonNode log = ok("evidence-log", "--goal-id", "g1", "--agent-id", "builder");
        assertEquals("loopx_evidence_log_v0", log.path("schema_version").asText());
        List<String> kinds = new ArrayList<>();
        long previous = Long.MAX_VALUE;
        for (JsonNode item : log.path("items")) {
            kinds.add(item.path("kind").asText());
            assertTrue(item.path("seq").asLong() < previous, "newest first: " + log);
            previous = item.path("seq").asLong();
            assertFalse(item.path("agent_id").asText().equals("reviewer"), "another lane's item: " + log);
        }
        assertEquals(List.of("writeback", "gate", "reward", "spend", "writeback"), kinds, log::toString);
        JsonNode spent = log.path("items").get(4);
        assertEquals("parser merged", spent.path("summary").asText());
        assertEquals(
                log.path("items").get(3).path("seq").asLong(),
                spent.path("spent_seq").asLong(),
                "the writeback shows the spend that consumed it");
        assertEquals(5, log.at("/budget/item_count").asInt());
        assertFalse(log.at("/budget/truncated").asBoolean());
    }

    @Test
    void aVoidShowsOnTheSpend_asItIsNow() {
        history();
        long spendSeq = ok("evidence-log", "--goal-id", "g1", "--agent-id", "builder")
                .path("items")
                .get(3)
                .path("seq")
                .asLong();
        ok(
                "quota",
                "void-slot",
                "--goal-id",
                "g1",
                "--spent-seq",
                Long.toString(spendSeq),
                "--reason-summary",
                "wrong lane",
                "--execute");
        JsonNode spend = ok("evidence-log", "--goal-id", "g1", "--agent-id", "builder")
                .path("items")
                .get(3);
        assertEquals("spend", spend.path("kind").asText());
        assertTrue(spend.path("voided_seq").asLong() > spendSeq, spend::toString);
    }

    @Test
    void theByteBudget_keepsWholeNewestItems_andThinGivesOneLineEach() {
        history();
        JsonNode small = ok("evidence-log", "--goal-id", "g1", "--agent-id", "builder", "--max-bytes", "400");
        int kept = small.at("/budget/item_count").asInt();
        assertTrue(kept >= 1 && kept < 5, small::toString);
        assertTrue(small.at("/budget/truncated").asBoolean());
        assertEquals(5 - kept, small.at("/budget/omitted_count").asInt());
        int bytes = small.path("items").toString().getBytes(StandardCharsets.UTF_8).length;
        assertTrue(bytes <= 400, "items take " + bytes + " bytes");
        assertEquals(bytes, small.at("/budget/used_bytes").asInt());

        JsonNode thin = ok("evidence-log", "--goal-id", "g1", "--agent-id", "builder", "--thin");
        assertFalse(thin.has("items"));
        assertEquals(5, thin.path("lines").size());
        String first = thin.path("lines").get(0).asText();
        assertTrue(first.matches("#\\d+ \\S+Z writeback surface_only: docs touched"), first);
        assertTrue(
                thin.path("lines").get(4).asText().contains("writeback outcome_progress (spent at #"), thin::toString);
    }

    @Test
    void theLaneRule_andBadInput() {
        CliRunner.Result noAgent = run("evidence-log", "--goal-id", "g1");
        assertEquals(1, noAgent.exit(), noAgent::toString);
        assertEquals("agent_id_required", noAgent.json().path("error_code").asText());
        CliRunner.Result ghost = run("evidence-log", "--goal-id", "g1", "--agent-id", "ghost");
        assertEquals("agent_not_registered", ghost.json().path("error_code").asText());
        CliRunner.Result budget = run("evidence-log", "--goal-id", "g1", "--agent-id", "builder", "--max-bytes", "10");
        assertEquals(2, budget.exit(), budget::toString);
        assertEquals("invalid_value", budget.json().path("error_code").asText());
        CliRunner.Result missing = run("evidence-log", "--goal-id", "nope", "--agent-id", "builder");
        assertEquals("goal_not_found", missing.json().path("error_code").asText());
    }

    @Test
    void theLaneKeepsItsNewestItems_only() {
        for (int i = 0; i < 52; i++) {
            ok(
                    "refresh-state",
                    "--goal-id",
                    "g1",
                    "--agent-id",
                    "builder",
                    "--delivery-outcome",
                    "surface_only",
                    "--summary",
                    "step " + i);
        }
        JsonNode log = ok("evidence-log", "--goal-id", "g1", "--agent-id", "builder", "--thin", "--max-bytes", "65536");
        assertEquals(48, log.path("lines").size(), log::toString);
        assertTrue(log.path("lines").get(0).asText().endsWith("step 51"), log::toString);
        assertTrue(log.path("lines").get(47).asText().endsWith("step 4"), log::toString);
    }

    @Test
    void theTextView_answersFirst() {
        CliRunner.Result empty = run("--format", "text", "evidence-log", "--goal-id", "g1", "--agent-id", "reviewer");
        assertTrue(empty.stdout().startsWith("reviewer on goal g1: no evidence yet"), empty::toString);
        history();
        CliRunner.Result text = run("--format", "text", "evidence-log", "--goal-id", "g1", "--agent-id", "builder");
        assertEquals(0, text.exit(), text::toString);
        String[] lines = text.stdout().split("\n");
        assertEquals("builder on goal g1: 5 items, newest first", lines[0], text::toString);
        assertTrue(lines[1].matches("  log\\s+#\\d+ \\S+ writeback surface_only: docs touched"), text::toString);
        CliRunner.Result cut = run(
                "--format", "text", "evidence-log", "--goal-id", "g1", "--agent-id", "builder", "--max-bytes", "400");
        assertTrue(
                cut.stdout()
                        .split("\n")[0]
                        .matches("builder on goal g1: \\d items?, newest first \\(\\d older left out by"
                                + " the 400-byte budget; --max-bytes shows more\\)"),
                cut::toString);
    }
}
