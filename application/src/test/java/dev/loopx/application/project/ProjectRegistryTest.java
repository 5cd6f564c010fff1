package dev.loopx.application.project;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.files.AtomicReplace;
import dev.loopx.ledger.files.SharedFileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * projects.json: private, idempotent, never written through a link, loud when it is not ours, and
 * changed under its lock so that concurrent records lose nothing.
 */
class ProjectRegistryTest {
    @TempDir
    Path sandbox;

    @Test
    void theIndexIsCreatedPrivate_0600InA0700Folder() throws Exception {
        Path home = sandbox.resolve("loopx-home");
        assertTrue(new ProjectRegistry(home).record(sandbox.resolve("p/.loopx"), "p", "p-goal"));

        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(home)));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("projects.json"))));
        assertEquals(
                List.of(new ProjectRegistry.Entry(sandbox.resolve("p/.loopx"), "p")),
                new ProjectRegistry(home).entries());
    }

    @Test
    void recordingTheSameGoalAgain_changesNothing_andAnotherGoalIsAdded() throws Exception {
        ProjectRegistry registry = new ProjectRegistry(sandbox);
        Path root = sandbox.resolve("p/.loopx");
        registry.record(root, "p", "g1");
        String once = Files.readString(sandbox.resolve("projects.json"));

        assertFalse(registry.record(root, "p", "g1"));
        assertEquals(once, Files.readString(sandbox.resolve("projects.json")));
        assertFalse(registry.records(root, "g2"));
        assertTrue(registry.record(root, "p", "g2"));
        assertTrue(registry.records(root, "g2"));
        assertEquals(1, registry.entries().size());
    }

    @Test
    void anIndexThatIsASymbolicLink_isNeverWrittenThrough() throws Exception {
        Path target = Files.writeString(sandbox.resolve("elsewhere.json"), "{\"projects\":[]}", StandardCharsets.UTF_8);
        Path home = Files.createDirectories(sandbox.resolve("home"));
        Files.createSymbolicLink(home.resolve("projects.json"), target);

        LedgerException e = assertThrows(
                LedgerException.class, () -> new ProjectRegistry(home).record(sandbox.resolve("p/.loopx"), "p", "g"));

        assertEquals("project_index_unwritable", e.errorCode());
        assertEquals("{\"projects\":[]}", Files.readString(target));
        assertTrue(Files.isSymbolicLink(home.resolve("projects.json")));
    }

    @Test
    void anIndexThatIsNotALoopxIndex_isUnreadable() throws Exception {
        Files.writeString(sandbox.resolve("projects.json"), "[1, 2]", StandardCharsets.UTF_8);

        LedgerException e = assertThrows(LedgerException.class, () -> new ProjectRegistry(sandbox).entries());

        assertEquals("project_index_unreadable", e.errorCode());
    }

    @Test
    void sixteenRecordsAtOnce_eachWithItsOwnRegistry_loseNoProject() throws Exception {
        Path home = sandbox.resolve("loopx-home");
        int projects = 16;
        CyclicBarrier go = new CyclicBarrier(projects);
        Set<Path> expected = new TreeSet<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(projects)) {
            List<Future<Boolean>> records = new ArrayList<>();
            for (int i = 1; i <= projects; i++) {
                Path root = sandbox.resolve("p" + i + "/.loopx");
                expected.add(root);
                String label = "p" + i;
                records.add(pool.submit(() -> {
                    go.await(10, TimeUnit.SECONDS);
                    return new ProjectRegistry(home).record(root, label, label + "-goal");
                }));
            }
            for (Future<Boolean> record : records) {
                assertTrue(record.get(30, TimeUnit.SECONDS), "every record reports that it changed the index");
            }
        }

        Set<Path> recorded = new TreeSet<>();
        new ProjectRegistry(home).entries().forEach(e -> recorded.add(e.runtimeRoot()));
        assertEquals(expected, recorded);
    }

    @Test
    void aRecordThatCannotHaveTheLockInTime_failsWithProjectIndexLockTimeout_andChangesNothing() throws Exception {
        ProjectRegistry registry = new ProjectRegistry(sandbox, Duration.ofMillis(300));
        registry.record(sandbox.resolve("a/.loopx"), "a", "a-goal");
        byte[] before = Files.readAllBytes(sandbox.resolve("projects.json"));
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            try (SharedFileLock.Held lock = SharedFileLock.acquire(sandbox.resolve("projects.json"), Duration.ZERO)) {
                held.countDown();
                done.await(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        holder.start();
        try {
            assertTrue(held.await(10, TimeUnit.SECONDS), "the holder took the lock");
            long t0 = System.nanoTime();
            LedgerException e = assertThrows(
                    LedgerException.class, () -> registry.record(sandbox.resolve("b/.loopx"), "b", "b-goal"));
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

            assertEquals("project_index_lock_timeout", e.errorCode());
            assertTrue(waited >= 300, "it waited out its 300 ms: " + waited);
            assertTrue(e.getMessage().contains("projects.json.lock"), e.getMessage());
            assertArrayEquals(before, Files.readAllBytes(sandbox.resolve("projects.json")));
        } finally {
            done.countDown();
            holder.join(10_000);
        }
        assertTrue(registry.record(sandbox.resolve("b/.loopx"), "b", "b-goal"), "free again, the record goes in");
    }

    @Test
    void theLockFileIsPrivate_andALinkInItsPlaceIsNeverFollowed() throws Exception {
        Path home = sandbox.resolve("home");
        new ProjectRegistry(home).record(sandbox.resolve("p/.loopx"), "p", "p-goal");
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("projects.json.lock"))));

        Path other = Files.createDirectories(sandbox.resolve("other"));
        Files.createSymbolicLink(other.resolve("projects.json.lock"), sandbox.resolve("planted.lock"));
        LedgerException e = assertThrows(
                LedgerException.class, () -> new ProjectRegistry(other).record(sandbox.resolve("q/.loopx"), "q", "g"));

        assertEquals("project_index_unwritable", e.errorCode());
        assertFalse(Files.exists(sandbox.resolve("planted.lock")), "nothing is created through the link");
        assertFalse(Files.exists(other.resolve("projects.json")));
    }

    @Test
    void aRecordRemovesTheTempFilesOfCrashedReplaces() throws Exception {
        Path index = sandbox.resolve("projects.json");
        Path stray = Files.writeString(
                sandbox.resolve(AtomicReplace.tempPrefix(index) + "123" + AtomicReplace.TEMP_SUFFIX), "{");

        new ProjectRegistry(sandbox).record(sandbox.resolve("p/.loopx"), "p", "p-goal");

        assertFalse(Files.exists(stray));
        assertTrue(Files.exists(index));
    }
}
