package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.json.Json;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Disk full, on a real small tmpfs ({@link SmallDisk}) holding the project's runtime root, filled
 * to ten levels from 0 to 1 MiB free. At every level a write ({@code todo add}) and three reads
 * run as real processes. What must hold:
 * <ul>
 *   <li>a write is reported as what it was: exit 0 and its event is in the ledger, or a clean
 *       error (exit 3, a JSON error document with a message, no stack trace) and its event is not
 *       — never "failed" but appended (a host retrying would write it twice);
 *   <li>no process dies of the mapping it cannot back (no {@code InternalError}, no stack trace);
 *   <li>reads ({@code status}, {@code todo list}, {@code quota should-run}) answer on a full disk;
 *   <li>after space returns, {@code ledger verify} passes, the next write succeeds and every
 *       acknowledged event is there.
 * </ul>
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class DiskFullProcessTest extends ChildProcessTest {
    private static final Duration T = Duration.ofSeconds(90);
    private static final long[] FREE = {0, 4096, 8192, 16_384, 32_768, 65_536, 131_072, 262_144, 524_288, 1_048_576};

    private SmallDisk disk;

    @BeforeEach
    void mountSmallDisk() throws Exception {
        disk = SmallDisk.mount(temp.resolve("small-disk"), 4L * 1024 * 1024);
        cli.prefix(disk.enter());
    }

    @AfterEach
    void unmount() {
        if (disk != null) {
            disk.close();
        }
    }

    private ChildCli in(Path root, String... args) {
        List<String> all = new ArrayList<>(List.of("--runtime-root", root.toString(), "--format", "json"));
        all.addAll(List.of(args));
        return cli.run(T, all.toArray(String[]::new));
    }

    private static void clean(ChildCli c, String what) {
        String err = c.stderr();
        assertFalse(
                err.contains("InternalError") || err.contains("Exception") || err.contains("\tat "),
                what + ": a stack trace or a raw JVM error\n" + c.describe());
    }

    @Test
    void aFullDiskNeverLosesOrDoublesAWriteAndReadsStillAnswer() throws Exception {
        Path project = disk.path().resolve("p");
        Path root = project.resolve(".loopx");
        disk.sh("mkdir -m 0700 '" + project + "'"); // only the namespace sees the disk
        cli.run(T, "--format", "json", "connect", "--project", project.toString(), "--goal-id", "g")
                .assertExit(0, T);
        in(root, "register-agent", "--goal-id", "g", "--agent-id", "a", "--execute")
                .assertExit(0, T);
        in(root, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "before the disk filled")
                .assertExit(0, T);

        Map<String, Integer> writes = new LinkedHashMap<>();
        Map<String, String> outcomes = new LinkedHashMap<>();
        int readsAnswered = 0;
        int readsRefused = 0;
        for (long free : FREE) {
            disk.fillLeaving(free);
            String text = "written with " + free + " bytes free";
            ChildCli w = in(root, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", text);
            int exit = w.awaitExit(T);
            clean(w, text);
            if (exit != 0) {
                assertEquals(3, exit, text + ": a failed write is an environment failure\n" + w.describe());
                JsonNode err = w.singleJsonDocument();
                assertFalse(err.path("ok").asBoolean(true), w.describe());
                assertFalse(err.path("error_code").asText().isEmpty(), w.describe());
                assertFalse(err.path("message").asText().isEmpty(), w.describe());
            }
            writes.put(text, exit);
            StringBuilder o = new StringBuilder("write exit " + exit
                    + (exit == 0
                            ? ""
                            : " " + w.singleJsonDocument().path("error_code").asText())
                    + (w.stderr().contains("warning") ? " (warned)" : ""));
            for (String[] read : List.of(
                    new String[] {"status", "--goal-id", "g"},
                    new String[] {"todo", "list", "--goal-id", "g"},
                    new String[] {
                        "quota", "should-run", "--goal-id", "g", "--agent-id", "a", "--runtime-profile", "generic_cli"
                    })) {
                ChildCli r = in(root, read);
                int rexit = r.awaitExit(T);
                clean(r, String.join(" ", read) + " at " + free + " bytes free");
                o.append(", ").append(read[0]).append(' ').append(rexit);
                if (r.stderr().contains("warning")) {
                    o.append(" (warned)");
                }
                if (rexit == 0) {
                    readsAnswered++;
                } else {
                    readsRefused++;
                    o.append(" ")
                            .append(r.singleJsonDocument().path("error_code").asText());
                }
            }
            outcomes.put(free + " B free", o.toString());
        }
        disk.release();
        System.out.println("[disk-full] " + outcomes);

        // space is back: the chain is whole, the next write works, acknowledged = present, failed = absent
        assertTrue(in(root, "ledger", "verify").singleJsonDocument().path("ok").asBoolean(), outcomes.toString());
        in(root, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "after space returned")
                .assertExit(0, T);
        Set<String> present = new TreeSet<>();
        ChildCli replay = in(root, "ledger", "replay", "--goal-id", "g");
        replay.assertExit(0, T);
        for (String line : replay.stdout().split("\n")) {
            if (!line.isBlank()) {
                JsonNode e = Json.mapper().readTree(line);
                if (e.path("type").asText().equals("todo.added")) {
                    present.add(e.path("payload").path("text").asText());
                }
            }
        }
        writes.forEach((text, exit) -> assertEquals(
                exit == 0,
                present.contains(text),
                text + ": exit " + exit + " but in the ledger: " + present.contains(text)));
        assertTrue(present.contains("after space returned"));
        JsonNode list = in(root, "todo", "list", "--goal-id", "g").singleJsonDocument();
        assertEquals(present.size(), list.path("todos").size(), "the read model caught up: " + list);
        assertEquals(FREE.length * 3, readsAnswered, "every read answered on the full disk: " + outcomes);
        assertEquals(0, readsRefused);
    }

    /**
     * Read-only storage (the runtime root's file system remounted read-only, which stops root
     * too): with a current store every read answers without a warning; with a store behind the
     * ledger the read still answers, from the ledger, and says why; a write is refused cleanly
     * (exit 3, nothing appended); {@code ledger verify} works; once writable, everything goes on.
     */
    @Test
    void aReadOnlyRuntimeRootStillAnswersReadsAndRefusesWritesCleanly() throws Exception {
        Path project = disk.path().resolve("p");
        Path root = project.resolve(".loopx");
        disk.sh("mkdir -m 0700 '" + project + "'");
        cli.run(T, "--format", "json", "connect", "--project", project.toString(), "--goal-id", "g")
                .assertExit(0, T);
        in(root, "register-agent", "--goal-id", "g", "--agent-id", "a", "--execute")
                .assertExit(0, T);
        in(root, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "one")
                .assertExit(0, T);
        String[][] reads = {
            {"status", "--goal-id", "g"},
            {"todo", "list", "--goal-id", "g"},
            {"quota", "should-run", "--goal-id", "g", "--agent-id", "a", "--runtime-profile", "generic_cli"},
            {"ledger", "verify"}
        };

        disk.readOnly(true);
        for (String[] read : reads) {
            ChildCli r = in(root, read);
            r.assertExit(0, T);
            clean(r, String.join(" ", read));
            assertFalse(r.stderr().contains("warning"), "a current store answers as usual\n" + r.describe());
        }
        assertEquals(
                1,
                in(root, "todo", "list", "--goal-id", "g")
                        .singleJsonDocument()
                        .path("todos")
                        .size());
        ChildCli w = in(root, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "refused");
        assertEquals(3, w.awaitExit(T), w.describe());
        clean(w, "a write on read-only storage");
        JsonNode err = w.singleJsonDocument();
        assertFalse(err.path("ok").asBoolean(true));
        assertTrue(
                err.path("message").asText().toLowerCase(java.util.Locale.ROOT).contains("read-only"),
                "the real cause is named: " + err);
        assertFalse(err.path("message").asText().contains(disk.path().toString()), "no local path: " + err);

        // a store behind the ledger: written while writable, with the store then put back as it was
        disk.readOnly(false);
        disk.sh("cp -p '" + root + "/projections.db' '" + disk.path() + "/store-before'");
        in(root, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "two")
                .assertExit(0, T);
        disk.sh("cp -p '" + disk.path() + "/store-before' '" + root + "/projections.db'; rm -f '" + root
                + "/projections.db-wal' '" + root + "/projections.db-shm'");
        disk.readOnly(true);
        ChildCli lagging = in(root, "todo", "list", "--goal-id", "g");
        lagging.assertExit(0, T);
        clean(lagging, "a read of a lagging store on read-only storage");
        assertEquals(
                2,
                lagging.singleJsonDocument().path("todos").size(),
                "answered from the ledger: " + lagging.describe());
        assertTrue(lagging.stderr().contains("read from the ledger directly"), lagging.describe());

        disk.readOnly(false);
        in(root, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "three")
                .assertExit(0, T);
        ChildCli after = in(root, "todo", "list", "--goal-id", "g");
        assertEquals(3, after.singleJsonDocument().path("todos").size(), after.describe());
        assertFalse(after.stderr().contains("warning"), "the store caught up: " + after.describe());
        assertTrue(in(root, "ledger", "verify").singleJsonDocument().path("ok").asBoolean());
    }
}
