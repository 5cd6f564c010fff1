package dev.loopx.application.composition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.Invocation;
import dev.loopx.ledger.LedgerCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ADR 0011: when LoopX starts its periodic check by content, and with what command. */
class ScheduledLedgerCheckTest {
    private static final Instant NOW = Instant.parse("2026-12-07T12:00:00Z");

    @TempDir
    Path root;

    Path launcher;

    @BeforeEach
    void journal() throws IOException {
        Files.createDirectories(root.resolve("ledger"));
        launcher = root.resolveSibling("dist-bin-loopx");
    }

    private Invocation with(Map<String, String> env) {
        return new Invocation(NOW, root, root, root, root, env, Invocation.Progress.NONE, Composition.serverSessions());
    }

    private Optional<List<String>> due(Map<String, String> env, Instant now) {
        return ScheduledLedgerCheck.due(with(env), root, launcher, now);
    }

    private void checkedAt(Instant at) {
        assertTrue(LedgerCheck.sound("s", "j", at, "verify", 3).write(root));
    }

    @Test
    void aJournalNeverCheckedIsDue_withAVerifyOfThatRuntimeRoot() {
        assertEquals(
                List.of(launcher.toString(), "--runtime-root", root.toString(), "ledger", "verify", "--format", "json"),
                due(Map.of(), NOW).orElseThrow());
    }

    @Test
    void aCheckWithinTheIntervalIsNotDue_oneOlderIs() {
        checkedAt(NOW.minus(Duration.ofHours(23)));
        assertTrue(due(Map.of(), NOW).isEmpty());
        checkedAt(NOW.minus(Duration.ofHours(25)));
        assertTrue(due(Map.of(), NOW).isPresent());
        assertTrue(due(Map.of(ScheduledLedgerCheck.HOURS, "48"), NOW).isEmpty(), "the interval is configurable");
    }

    @Test
    void zeroHoursTurnsItOff_andNoJournalNeedsNoCheck() throws IOException {
        assertTrue(due(Map.of(ScheduledLedgerCheck.HOURS, "0"), NOW).isEmpty());
        Files.delete(root.resolve("ledger"));
        assertTrue(due(Map.of(), NOW).isEmpty());
    }

    @Test
    void aCheckStartedWithinTheHourIsNotStartedAgain() throws IOException {
        Path started = Files.createFile(root.resolve(ScheduledLedgerCheck.STARTED));
        Files.setLastModifiedTime(started, FileTime.from(NOW.minus(Duration.ofMinutes(20))));
        assertTrue(due(Map.of(), NOW).isEmpty());
        Files.setLastModifiedTime(started, FileTime.from(NOW.minus(Duration.ofMinutes(61))));
        assertTrue(due(Map.of(), NOW).isPresent());
    }
}
