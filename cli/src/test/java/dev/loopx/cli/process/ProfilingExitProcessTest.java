package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Main} ends the process with {@code Runtime.halt} (no shutdown hooks: docs/adr/0003 #12), so
 * a flight recording started with {@code -XX:StartFlightRecording} is never written at exit —
 * unless {@code -Dloopx.profile=true} asks for an orderly exit. Real child JVMs, real JFR files.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ProfilingExitProcessTest extends ChildProcessTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    private static boolean recorded(Path jfr) throws Exception {
        return Files.exists(jfr) && Files.size(jfr) > 0;
    }

    @Test
    void aFlightRecordingIsWrittenAtExitOnlyWhenProfiling() throws Exception {
        Path plain = temp.resolve("plain.jfr");
        Path profiled = temp.resolve("profiled.jfr");
        cli.runWithJvmOptions(
                        TIMEOUT, List.of("-XX:StartFlightRecording=filename=" + plain), "version", "--format", "json")
                .assertExit(0, TIMEOUT);
        cli.runWithJvmOptions(
                        TIMEOUT,
                        List.of("-Dloopx.profile=true", "-XX:StartFlightRecording=filename=" + profiled),
                        "version",
                        "--format",
                        "json")
                .assertExit(0, TIMEOUT);
        assertFalse(recorded(plain), "without the switch the process halts before the recording is written");
        assertTrue(recorded(profiled), "with -Dloopx.profile=true the recording is written at exit");
    }
}
