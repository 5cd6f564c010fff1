package dev.loopx.host.codexapp.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CodexAppProcessProbeTest {
    @TempDir
    Path tmp;

    @Test
    void onlyExecutablesNamedExactlyCodexOrChatGptCount() {
        CodexAppProcessProbe probe = new CodexAppProcessProbe(() -> Stream.of(
                new CodexAppProcessProbe.ProcessSample(10, Optional.of("/Applications/Codex.app/Contents/MacOS/Codex")),
                new CodexAppProcessProbe.ProcessSample(11, Optional.of("C:\\Program Files\\ChatGPT\\ChatGPT.exe")),
                new CodexAppProcessProbe.ProcessSample(12, Optional.of("/usr/local/bin/codex")),
                new CodexAppProcessProbe.ProcessSample(
                        13, Optional.of("/Applications/Codex.app/Contents/Frameworks/Codex Helper (Renderer)")),
                new CodexAppProcessProbe.ProcessSample(14, Optional.of("/opt/CodexTools/bin/node")),
                new CodexAppProcessProbe.ProcessSample(15, Optional.empty())));
        assertEquals(
                List.of(
                        new CodexAppProcessProbe.AppProcess(10, "Codex"),
                        new CodexAppProcessProbe.AppProcess(11, "ChatGPT")),
                probe.running());
        assertTrue(probe.appRunning());
        assertFalse(new CodexAppProcessProbe(
                        () -> Stream.of(new CodexAppProcessProbe.ProcessSample(1, Optional.of("/usr/bin/codex"))))
                .appRunning());
    }

    @Test
    void aRealProcessNamedCodexIsSeenByTheSystemProbe() throws Exception {
        Path sleep = Stream.of(Path.of("/bin/sleep"), Path.of("/usr/bin/sleep"))
                .filter(Files::isExecutable)
                .findFirst()
                .orElseThrow(() -> new AssertionError("this test needs a sleep binary"));
        Path codex = Files.copy(
                sleep, Files.createDirectories(tmp.resolve("Codex.app")).resolve("Codex"));
        Files.setPosixFilePermissions(codex, PosixFilePermissions.fromString("rwx------"));
        Process app = new ProcessBuilder(codex.toString(), "30").start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            boolean seen = false;
            while (!seen && System.nanoTime() < deadline) {
                seen = CodexAppProcessProbe.system().running().stream()
                        .anyMatch(p -> p.pid() == app.pid() && p.name().equals("Codex"));
                Thread.sleep(20);
            }
            assertTrue(seen, "the probe must see the running Codex process");
        } finally {
            app.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertFalse(CodexAppProcessProbe.system().running().stream().anyMatch(p -> p.pid() == app.pid()));
    }
}
