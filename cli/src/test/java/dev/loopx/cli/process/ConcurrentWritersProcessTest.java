package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** SPEC §S2: writers in many processes serialise through ledger.lock; none is lost, none starves. */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class ConcurrentWritersProcessTest extends ChildProcessTest {
    private static final int WRITERS = 8;
    private static final int COUNT = 200;
    private static final String GOAL = "conc-goal";

    @Test
    void eightWriterProcessesAtOnce_allSucceed_andTheLedgerHoldsEveryEventDenselyOnce() throws Exception {
        Path root = LedgerChecks.connect(cli, "project", GOAL);

        long t0 = System.nanoTime();
        List<ChildCli> writers = new ArrayList<>();
        for (int i = 1; i <= WRITERS; i++) {
            writers.add(cli.start(
                    "--runtime-root",
                    root.toString(),
                    "--format",
                    "json",
                    "debug",
                    "append-load",
                    "--goal-id",
                    GOAL,
                    "--count",
                    String.valueOf(COUNT),
                    "--writer",
                    String.valueOf(i)));
        }
        StringBuilder failures = new StringBuilder();
        for (ChildCli writer : writers) {
            int code = writer.awaitExit(Duration.ofSeconds(120));
            if (code != 0) {
                failures.append(writer.name())
                        .append(" exited ")
                        .append(code)
                        .append(": ")
                        .append(writer.stdout().strip())
                        .append('\n');
            }
        }
        long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        System.out.printf(
                "[concurrent] %d writers x %d appends: %d ms wall clock (JVM start-up included)%n",
                WRITERS, COUNT, elapsedMs);
        assertEquals("", failures.toString(), "every writer process must exit 0");

        ChildCli verify = LedgerChecks.startVerify(cli, root);
        ChildCli replay = LedgerChecks.startReplay(cli, root);
        JsonNode report = LedgerChecks.assertVerifyOk(verify);
        long expectedHead = 2 + (long) WRITERS * COUNT;
        assertEquals(
                expectedHead,
                report.path("head_seq").asLong(),
                "head = goal.registered + todo.sections_declared + every append");
        assertEquals(expectedHead, report.path("events_checked").asLong());

        List<JsonNode> events = LedgerChecks.replayed(replay);
        assertEquals(expectedHead, LedgerChecks.assertDenseFromOne(events));
        assertEquals("goal.registered", events.get(0).path("type").asText());
        assertEquals("todo.sections_declared", events.get(1).path("type").asText());
        Map<String, Integer> perActor = new TreeMap<>();
        for (JsonNode event : events.subList(2, events.size())) {
            perActor.merge(event.path("actor").path("id").asText(), 1, Integer::sum);
        }
        Map<String, Integer> expected = new TreeMap<>();
        for (int i = 1; i <= WRITERS; i++) {
            expected.put("append-load-" + i, COUNT);
        }
        assertEquals(expected, perActor, "exactly " + COUNT + " events per writer actor");
    }
}
