package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * ARCHITECTURE "Chronicle Queue, configured for a CLI": a writer killed while holding
 * Chronicle's internal write lock, half a document written, must not stall the next writer
 * (Chronicle's default stalls ~15 s) and must leave no torn event visible.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class KillInsideAppendProcessTest extends ChildProcessTest {
    private static final String GOAL = "stall-goal";
    private static final long MAX_RECOVERY_WRITE_MS = 2000;

    @Test
    void writerKilledHalfwayThroughADocument_doesNotStallTheNextWriter_andLeavesNoTornEvent() throws Exception {
        Path root = LedgerChecks.connect(cli, "project", GOAL);
        // A control append on a healthy ledger, for comparison in the output.
        Timed control = appendOne(root, 1);

        ChildCli staller = cli.start(
                Map.of("loopx.test.stallInsideAppendMillis", "60000"),
                "--runtime-root",
                root.toString(),
                "--format",
                "json",
                "debug",
                "append-load",
                "--goal-id",
                GOAL,
                "--count",
                "1",
                "--writer",
                "2");
        Optional<Long> inside =
                staller.awaitStderrLine(l -> l.equals("loopx-test: inside append"), Duration.ofSeconds(60));
        if (inside.isEmpty()) {
            fail("the stalling writer never reached the middle of its append\n" + staller.describe());
        }
        assertTrue(staller.isAlive(), staller.describe());
        staller.killHard();
        assertTrue(staller.acknowledgedSeqs().isEmpty(), "the killed writer acknowledged nothing");

        Timed recovery = appendOne(root, 3);
        System.out.printf(
                "[kill-inside-append] control: start->ack %d ms, write %d ms; "
                        + "after kill: start->ack %d ms, write %d ms (limit %d ms)%n",
                control.startToAckMs, control.writeMs, recovery.startToAckMs, recovery.writeMs, MAX_RECOVERY_WRITE_MS);
        assertTrue(
                recovery.writeMs < MAX_RECOVERY_WRITE_MS,
                "the write transaction after a writer died inside an append took " + recovery.writeMs + " ms (limit "
                        + MAX_RECOVERY_WRITE_MS + " ms; JVM start-up excluded)");

        ChildCli verify = LedgerChecks.startVerify(cli, root);
        ChildCli replay = LedgerChecks.startReplay(cli, root);
        JsonNode report = LedgerChecks.assertVerifyOk(verify);
        List<JsonNode> events = LedgerChecks.replayed(replay);
        assertEquals(
                4,
                LedgerChecks.assertDenseFromOne(events),
                "goal.registered, todo.sections_declared, the control append, the recovery append");
        assertEquals(4, report.path("head_seq").asLong());
        for (JsonNode event : events) {
            assertTrue(
                    !event.path("actor").path("id").asText().equals("append-load-2"),
                    "no event of the killed writer may be visible: " + event);
        }
        assertEquals("append-load-3", events.get(3).path("actor").path("id").asText());
    }

    private record Timed(long startToAckMs, long writeMs) {}

    private Timed appendOne(Path root, int writer) {
        ChildCli child = cli.start(
                "--runtime-root",
                root.toString(),
                "--format",
                "json",
                "debug",
                "append-load",
                "--goal-id",
                GOAL,
                "--count",
                "1",
                "--writer",
                String.valueOf(writer));
        Optional<Long> ack = child.awaitStderrLine(l -> l.startsWith("ack "), Duration.ofSeconds(60));
        child.assertExit(0, Duration.ofSeconds(60));
        if (ack.isEmpty()) {
            fail("writer " + writer + " exited 0 without an ack line\n" + child.describe());
        }
        JsonNode doc = child.singleJsonDocument();
        assertTrue(doc.path("max_write_ms").isIntegralNumber(), child.describe());
        return new Timed(
                TimeUnit.NANOSECONDS.toMillis(ack.get() - child.startNanos()),
                doc.path("max_write_ms").asLong());
    }
}
