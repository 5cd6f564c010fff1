package dev.loopx.cli.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The training of lib/loopx-read-pg runs the heartbeat reads on a PostgreSQL runtime root with
 * no server installed: the stand-in server (TrainingServer) must carry the real driver through
 * its SCRAM login, its startup parameters and LoopX's schema and head queries, or the archive
 * would hold none of those classes. No server runs in this test; a protocol slip fails it.
 */
class ServerReadsTrainingTest {
    @TempDir
    Path sandbox;

    @Test
    void theStandInServerCarriesTheDriverThroughLoginAndTheReadQueries() throws Exception {
        CliRunner cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("weather-app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g", "--format", "json")
                        .exit());
        java.util.Set<String> before = trainingRoots();
        CliRunner.Result r = cli.run(
                "--runtime-root",
                project.resolve(".loopx").toString(),
                "--format",
                "json",
                "debug",
                "train-reads",
                "--goal-id",
                "g",
                "--agent-id",
                "builder",
                "--server-reads");
        JsonNode doc = r.json();
        assertTrue(doc.path("server_reads_ok").asBoolean(false), r.toString());
        // ADR 0009: the reads that take the head from a (stand-in) head holder, never logging in
        assertTrue(doc.path("held_reads_ok").asBoolean(false), r.toString());
        assertEquals(before, trainingRoots(), "the stand-in's temporary runtime root is deleted");
    }

    /** The temporary runtime roots of training runs (TrainReadsCommand makes them in java.io.tmpdir). */
    private static java.util.Set<String> trainingRoots() throws java.io.IOException {
        try (java.util.stream.Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return entries.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("loopx-train-server") || n.startsWith("loopx-train-held"))
                    .collect(java.util.stream.Collectors.toSet());
        }
    }
}
