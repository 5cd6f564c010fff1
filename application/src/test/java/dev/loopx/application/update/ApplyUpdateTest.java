package dev.loopx.application.update;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The install saga's first gate: a digest that differs stops everything before anything is unpacked or switched. */
class ApplyUpdateTest {
    @TempDir
    Path sandbox;

    @Test
    void anArchiveWhoseDigestDiffersFromTheExpectedOne_isRefusedBeforeAnythingIsWritten() throws Exception {
        Path archive = Files.writeString(
                sandbox.resolve("loopx-dist.tar.gz"), "not really a distribution", StandardCharsets.UTF_8);
        Path loopxHome = sandbox.resolve("loopx-home");
        List<String> progress = new ArrayList<>();
        Invocation invocation = invocation(loopxHome, progress);
        ApplyUpdate.Request request = new ApplyUpdate.Request(
                archive,
                Optional.of("0".repeat(64)),
                sandbox.resolve("codex-home").toString(),
                "loopx",
                true,
                "0.1.0",
                true);

        ApplyUpdate.Outcome outcome = ApplyUpdate.run(invocation, request);

        ApplyUpdate.Outcome.Refused refused = assertInstanceOf(ApplyUpdate.Outcome.Refused.class, outcome);
        assertEquals("archive_sha256_mismatch", refused.errorCode());
        assertTrue(refused.archive().sha256Checked());
        assertEquals(Files.size(archive), refused.archive().bytes());
        assertEquals(Optional.empty(), refused.snapshot());
        assertEquals("0.1.0", refused.fromVersion());
        assertFalse(Files.exists(loopxHome), "nothing unpacked, initialised or switched");
        assertEquals(List.of(), progress, "no slow step started");
    }

    @Test
    void anInstallSaysInstallInItsProgressLines_anUpdateSaysUpdate() throws Exception {
        Path archive = Files.writeString(
                sandbox.resolve("loopx-dist.tar.gz"), "not really a distribution", StandardCharsets.UTF_8);
        for (String word : List.of("install", "update")) {
            Path loopxHome = sandbox.resolve("home-" + word);
            List<String> progress = new ArrayList<>();
            Invocation invocation = invocation(loopxHome, progress);
            ApplyUpdate.Request request = word.equals("install")
                    ? new ApplyUpdate.Request(archive, Optional.empty(), null, "loopx", true, "0.1.0", true, "install")
                    : new ApplyUpdate.Request(archive, Optional.empty(), null, "loopx", true, "0.1.0", true);

            assertInstanceOf(ApplyUpdate.Outcome.Refused.class, ApplyUpdate.run(invocation, request));
            assertEquals(List.of(word + ": unpacking and checking the distribution…"), progress);
        }
    }

    /** An invocation in the sandbox whose progress lines go to {@code progress}. */
    private Invocation invocation(Path loopxHome, List<String> progress) {
        return new Invocation(
                Instant.parse("2026-01-01T00:00:00Z"),
                loopxHome,
                loopxHome,
                sandbox,
                sandbox,
                Map.of(),
                progress::add,
                Composition.serverSessions());
    }
}
