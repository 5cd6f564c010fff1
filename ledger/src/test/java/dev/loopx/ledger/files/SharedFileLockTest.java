package dev.loopx.ledger.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real files: where {@link SharedFileLock} keeps its lock, how long a second caller waits, what it refuses. */
class SharedFileLockTest {
    @TempDir
    Path dir;

    @Test
    void theLockFileIsBesideTheSharedFile_0600_andMissingFoldersAre0700() throws Exception {
        Path shared = dir.resolve("home/projects.json");
        try (SharedFileLock.Held held = SharedFileLock.acquire(shared, Duration.ofSeconds(1))) {
            assertEquals(dir.resolve("home/projects.json.lock"), SharedFileLock.lockFileOf(shared));
            assertEquals("rwx------", mode(dir.resolve("home")));
            assertEquals("rw-------", mode(dir.resolve("home/projects.json.lock")));
            assertFalse(Files.exists(shared), "the lock creates only its own file");
        }
        assertTrue(Files.exists(dir.resolve("home/projects.json.lock")), "the lock file is never deleted");
    }

    @Test
    void aSecondCallerWaitsAtMostItsWait_thenTimesOut_andHasItOnceItIsReleased() throws Exception {
        Path shared = dir.resolve("projects.json");
        try (ExecutorService other = Executors.newSingleThreadExecutor()) {
            Callable<Boolean> secondCaller = () -> {
                try (SharedFileLock.Held second = SharedFileLock.acquire(shared, Duration.ofMillis(200))) {
                    return true;
                }
            };
            SharedFileLock.Held first = SharedFileLock.acquire(shared, Duration.ZERO);
            long t0 = System.nanoTime();
            ExecutionException failed = assertThrows(
                    ExecutionException.class, () -> other.submit(secondCaller).get(10, TimeUnit.SECONDS));
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

            SharedFileLock.TimedOut timedOut = assertInstanceOf(SharedFileLock.TimedOut.class, failed.getCause());
            assertTrue(waited >= 200, "it waited its 200 ms: " + waited);
            assertTrue(timedOut.waitedMillis() >= 200, "it says how long: " + timedOut.waitedMillis());

            first.close();
            assertTrue(other.submit(secondCaller).get(10, TimeUnit.SECONDS), "released, the other caller has it");
        }
    }

    @Test
    void aLinkOrAFolderWhereTheLockFileGoes_isRefused_andNothingIsCreatedThroughIt() throws Exception {
        Path linked = Files.createDirectories(dir.resolve("linked"));
        Files.createSymbolicLink(linked.resolve("projects.json.lock"), dir.resolve("planted"));
        NotARegularFileException link = assertThrows(
                NotARegularFileException.class,
                () -> SharedFileLock.acquire(linked.resolve("projects.json"), Duration.ofSeconds(1)));
        assertSame(NotARegularFileException.Found.SYMBOLIC_LINK, link.found());
        assertFalse(Files.exists(dir.resolve("planted")));

        Path folder = Files.createDirectories(dir.resolve("folder/projects.json.lock"));
        NotARegularFileException dirFound = assertThrows(
                NotARegularFileException.class,
                () -> SharedFileLock.acquire(dir.resolve("folder/projects.json"), Duration.ofSeconds(1)));
        assertSame(NotARegularFileException.Found.DIRECTORY, dirFound.found());
        assertTrue(Files.isDirectory(folder));
    }

    @Test
    void askingAgainWhileHoldingIt_isABug() throws Exception {
        Path shared = dir.resolve("projects.json");
        try (SharedFileLock.Held held = SharedFileLock.acquire(shared, Duration.ZERO)) {
            assertThrows(IllegalStateException.class, () -> SharedFileLock.acquire(shared, Duration.ZERO));
        }
        try (SharedFileLock.Held again = SharedFileLock.acquire(shared, Duration.ZERO)) {
            // released, so free again
        }
    }

    private static String mode(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
