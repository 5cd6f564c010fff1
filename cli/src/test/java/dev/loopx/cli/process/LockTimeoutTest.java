package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * SPEC §S2: a writer that cannot get ledger.lock within 5 s gives up with
 * {@code lock_acquire_timeout}, records one {@code file_lock_incident_v0} row and writes nothing.
 * The test JVM holds the kernel lock; the CLI runs in a child (a JVM can hold a file lock once).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class LockTimeoutTest extends ChildProcessTest {
    private static final String GOAL = "locked-goal";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @Test
    void writerBlockedByAnotherProcessHoldingTheLock_failsWithLockAcquireTimeout_recordsOneIncident_andWritesNothing()
            throws Exception {
        Path root = LedgerChecks.connect(cli, "project", GOAL);
        JsonNode before = LedgerChecks.assertVerifyOk(LedgerChecks.startVerify(cli, root));
        Path incidents = root.resolve("ledger.lock.incidents.jsonl");
        List<String> incidentsBefore = lines(incidents);

        ChildCli writer;
        long waitedMs;
        try (FileChannel channel = FileChannel.open(
                        root.resolve("ledger.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            assertNotNull(held);
            long t0 = System.nanoTime();
            writer = cli.run(
                    TIMEOUT,
                    "--runtime-root",
                    root.toString(),
                    "--format",
                    "json",
                    "configure-goal",
                    "--goal-id",
                    GOAL,
                    "--quota-compute",
                    "0.5",
                    "--execute");
            waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(held.isValid(), "the test still held the lock when the writer gave up");
        }
        System.out.printf("[lock-timeout] writer gave up after %d ms (process start to exit)%n", waitedMs);

        writer.assertExit(1, TIMEOUT);
        JsonNode error = writer.singleJsonDocument();
        assertEquals("lock_acquire_timeout", error.path("error_code").asText(), writer.describe());
        assertEquals(false, error.path("ok").asBoolean(true));

        List<String> incidentsAfter = lines(incidents);
        assertEquals(
                incidentsBefore.size() + 1, incidentsAfter.size(), "exactly one new incident row: " + incidentsAfter);
        JsonNode row = ChildCli.MAPPER.readTree(incidentsAfter.get(incidentsAfter.size() - 1));
        assertEquals("file_lock_incident_v0", row.path("schema_version").asText(), row.toString());
        assertEquals(writer.pid(), row.path("pid").asLong(), "the incident names the writer that gave up: " + row);
        assertTrue(row.path("waited_ms").asLong() >= 5000, "the writer waited out the 5 s deadline: " + row);

        JsonNode after = LedgerChecks.assertVerifyOk(LedgerChecks.startVerify(cli, root));
        assertEquals(before.path("head_seq").asLong(), after.path("head_seq").asLong(), "the ledger head is unchanged");
        assertEquals(
                before.path("head_hash").asText(), after.path("head_hash").asText(), "the ledger head is unchanged");
    }

    /**
     * A writer in a queue of writers is not refused for waiting: while the holder keeps appending
     * (the head marker moves), the 5 s deadline counts from the last append, and the writer says on
     * stderr why it pauses. Here the "holder" keeps the lock 8 s and moves the marker every second.
     */
    @Test
    void aWriterWaitingBehindWritersThatKeepAppendingIsNotRefused() throws Exception {
        Path root = LedgerChecks.connect(cli, "queue", GOAL);
        Path marker = root.resolve("ledger.head");
        ChildCli writer;
        long waitedMs;
        try (FileChannel channel = FileChannel.open(
                        root.resolve("ledger.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock(0, 1, false)) {
            assertNotNull(held);
            long t0 = System.nanoTime();
            writer = cli.start(
                    "--runtime-root",
                    root.toString(),
                    "--format",
                    "json",
                    "configure-goal",
                    "--goal-id",
                    GOAL,
                    "--quota-compute",
                    "0.5",
                    "--execute");
            byte[] record = Files.readAllBytes(marker);
            for (int i = 0; i < 8; i++) {
                Thread.sleep(1000);
                // what an append does to the marker: rewritten in place
                Files.write(marker, record);
                Files.setLastModifiedTime(
                        marker, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
                assertTrue(
                        writer.isAlive(),
                        "the writer must still be waiting after " + (i + 1) + " s: " + writer.describe());
            }
            waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        }
        writer.assertExit(0, TIMEOUT);
        System.out.printf("[lock-queue] writer waited %d ms behind an appending holder and succeeded%n", waitedMs);
        assertTrue(writer.stderr().contains("waiting for the ledger lock"), writer.describe());
        assertEquals(true, writer.singleJsonDocument().path("ok").asBoolean(), writer.describe());
    }

    private static List<String> lines(Path file) throws java.io.IOException {
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }
}
