package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * SPEC §S9 under real concurrency: {@code connect}s of different projects in separate CLI
 * processes, all at once, against one LoopX home. Each one's change of {@code projects.json} is a
 * locked read-modify-write, so every acknowledged connect is in the index and in the global views
 * (before the lock, eight at once left six). A connect that cannot have the lock says so
 * ({@code project_index_lock_timeout}, exit 3) and leaves the index as it was.
 */
class ProjectRegistryProcessTest extends ChildProcessTest {
    private static final int PROJECTS = 16;
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(150);

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void sixteenConnectsOfSixteenProjectsAtOnce_inSixteenProcesses_areAllRecorded() throws Exception {
        List<Path> projects = new ArrayList<>();
        for (int i = 1; i <= PROJECTS; i++) {
            projects.add(Files.createDirectories(cli.workDir().resolve(String.format("proj-%02d", i))));
        }

        // Sixteen threads meet at a barrier and each starts its child at once.
        CyclicBarrier go = new CyclicBarrier(PROJECTS);
        List<ChildCli> connects = new ArrayList<>();
        long t0 = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(PROJECTS)) {
            List<Future<ChildCli>> started = new ArrayList<>();
            for (Path project : projects) {
                started.add(pool.submit(() -> {
                    go.await(30, TimeUnit.SECONDS);
                    return cli.start("--format", "json", "connect", "--project", project.toString());
                }));
            }
            for (Future<ChildCli> f : started) {
                connects.add(f.get(60, TimeUnit.SECONDS));
            }
        }
        long startSpreadMs = TimeUnit.NANOSECONDS.toMillis(connects.stream()
                        .mapToLong(ChildCli::startNanos)
                        .max()
                        .orElseThrow()
                - connects.stream().mapToLong(ChildCli::startNanos).min().orElseThrow());
        for (ChildCli connect : connects) {
            connect.assertExit(0, CHILD_TIMEOUT);
            JsonNode doc = connect.singleJsonDocument();
            assertTrue(doc.path("ok").asBoolean(), connect.describe());
            assertEquals("done", actionStatus(doc, "record_project"), connect.describe());
        }
        System.out.printf(
                "[project-registry] %d connects started within %d ms, all done after %d ms%n",
                PROJECTS, startSpreadMs, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));

        Set<String> expectedRoots = new TreeSet<>();
        Set<String> expectedLabels = new TreeSet<>();
        for (Path project : projects) {
            expectedRoots.add(project.resolve(".loopx").toString());
            expectedLabels.add(project.getFileName().toString());
        }

        // The index: every project, once, private, and no temp file left behind.
        Path home = loopxHome();
        Path index = home.resolve("projects.json");
        JsonNode recorded = ChildCli.MAPPER.readTree(Files.readString(index));
        Set<String> roots = new TreeSet<>();
        Set<String> labels = new TreeSet<>();
        for (JsonNode p : recorded.path("projects")) {
            roots.add(p.path("runtime_root").asText());
            labels.add(p.path("project_label").asText());
        }
        assertEquals(PROJECTS, recorded.path("projects").size(), "one entry per project: " + recorded);
        assertEquals(expectedRoots, roots, "every acknowledged connect is in projects.json");
        assertEquals(expectedLabels, labels);
        assertEquals("rw-------", mode(index));
        assertEquals("rw-------", mode(home.resolve("projects.json.lock")));
        try (Stream<Path> files = Files.list(home)) {
            assertEquals(
                    List.of("projects.json", "projects.json.lock"),
                    files.map(f -> f.getFileName().toString()).sorted().toList(),
                    "no temp file of a replace is left in the LoopX home");
        }

        // The global view reads the index: all sixteen, by label.
        ChildCli summary = cli.run(CHILD_TIMEOUT, "--format", "json", "global-summary");
        summary.assertExit(0, CHILD_TIMEOUT);
        JsonNode view = summary.singleJsonDocument();
        assertEquals(PROJECTS, view.path("project_count").asInt(), summary.describe());
        Set<String> listed = new TreeSet<>();
        view.path("projects").forEach(p -> listed.add(p.path("project_label").asText()));
        assertEquals(expectedLabels, listed, "global-summary lists every connected project");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aConnectThatCannotHaveTheIndexLock_failsWithProjectIndexLockTimeout_exit3_andLeavesTheIndexUnchanged()
            throws Exception {
        LedgerChecks.connect(cli, "first", "first-goal");
        Path index = loopxHome().resolve("projects.json");
        byte[] before = Files.readAllBytes(index);
        Path second = Files.createDirectories(cli.workDir().resolve("second"));

        ChildCli blocked;
        try (FileChannel channel =
                        FileChannel.open(loopxHome().resolve("projects.json.lock"), StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            assertNotNull(held);
            blocked = cli.run(CHILD_TIMEOUT, "--format", "json", "connect", "--project", second.toString());
            assertTrue(held.isValid(), "the test still held the lock when the connect gave up");
        }

        blocked.assertExit(3, CHILD_TIMEOUT);
        JsonNode error = blocked.singleJsonDocument();
        assertEquals("project_index_lock_timeout", error.path("error_code").asText(), blocked.describe());
        assertTrue(error.path("message").asText().contains("projects.json.lock"), blocked.describe());
        assertTrue(error.path("hint").asText().contains("loopx connect"), blocked.describe());
        assertEquals(
                "",
                blocked.stderr()
                        .lines()
                        .filter(l -> l.contains("Exception"))
                        .findFirst()
                        .orElse(""));
        assertArrayEquals(before, Files.readAllBytes(index), "the index is byte-identical");

        // Once the lock is free, the same connect records what was missing.
        ChildCli again = cli.run(CHILD_TIMEOUT, "--format", "json", "connect", "--project", second.toString());
        again.assertExit(0, CHILD_TIMEOUT);
        assertEquals("done", actionStatus(again.singleJsonDocument(), "record_project"), again.describe());
        JsonNode recorded = ChildCli.MAPPER.readTree(Files.readString(index));
        assertEquals(2, recorded.path("projects").size(), recorded.toString());
    }

    private Path loopxHome() {
        return temp.resolve("loopx-home");
    }

    private static String actionStatus(JsonNode connect, String action) {
        for (JsonNode a : connect.path("actions")) {
            if (a.path("action").asText().equals(action)) {
                return a.path("status").asText();
            }
        }
        return "missing";
    }

    private static String mode(Path file) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }
}
