package dev.loopx.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The training runs bin/loopx-train makes its class-data archives from (ADR 0003, decision 18):
 * {@code debug train-writes} runs the demo and every write after it without a failure, leaves a
 * second goal whose builder lane is due to replan, and {@code debug train-reads} asks that lane too.
 * A training run that fails leaves the distribution working but slower, which nothing else would
 * notice.
 */
class ArchiveTrainingRunsTest {
    @TempDir
    Path sandbox;

    @Test
    void trainWrites_runsEveryWrite_thenTrainReads_asksTheLaneDueToReplan() throws Exception {
        CliRunner cli = new CliRunner(sandbox);
        CliRunner.Result writes = cli.run("--format", "json", "debug", "train-writes");
        JsonNode doc = writes.json();
        assertEquals(0, writes.exit(), writes.toString());
        assertTrue(doc.path("ok").asBoolean(), writes.toString());
        assertTrue(doc.path("runs").size() >= 10, writes.toString());
        doc.path("runs").forEach(r -> assertEquals(0, r.path("exit").asInt(), writes.toString()));
        Path project = Path.of(writes.stderr()
                .lines()
                .filter(l -> l.startsWith(DemoCommand.KEPT))
                .findFirst()
                .orElseThrow()
                .substring(DemoCommand.KEPT.length())
                .strip());
        try {
            String root = project.resolve(".loopx").toString();
            JsonNode lane = cli.run(
                            "--runtime-root",
                            root,
                            "--format",
                            "json",
                            "quota",
                            "should-run",
                            "--goal-id",
                            TrainWritesCommand.REPLAN_GOAL,
                            "--agent-id",
                            "builder",
                            "--runtime-profile",
                            "codex_app_heartbeat")
                    .json();
            assertTrue(lane.toString().contains("replan"), "the lane is due to replan: " + lane);
            CliRunner.Result reads = cli.run(
                    "--runtime-root",
                    root,
                    "--format",
                    "json",
                    "debug",
                    "train-reads",
                    "--goal-id",
                    "weather-app-goal",
                    "--agent-id",
                    "builder",
                    "--lane-due-to-replan",
                    TrainWritesCommand.REPLAN_GOAL);
            assertEquals(0, reads.exit(), reads.toString());
            assertTrue(reads.json().path("ok").asBoolean(), reads.toString());
        } finally {
            DemoCommand.deleteTree(project.getParent());
        }
    }
}
