package dev.loopx.cli.testing;

import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.MigrationHook;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.WrapperBinding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/** Codex homes for CLI tests: copies of the committed fixture ({@code fixtures/codex-home}), never opened in place. */
public final class CodexHomes {
    /** The fixture automation that holds an older managed wrapper. */
    public static final String V1 = "loopx-heartbeat-v1";

    private CodexHomes() {}

    /** Copies the committed Codex home fixture to {@code to} (attributes kept). */
    public static Path copyFixture(Path to) throws IOException {
        Path from = Path.of("..", "fixtures", "codex-home").toAbsolutePath().normalize();
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : paths.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return to;
    }

    /**
     * Starts a process whose executable is named {@code Codex} (a copy of {@code /bin/sleep} in
     * {@code dir}), which the App probe takes for the running Codex App. The caller destroys it.
     */
    public static Process startFakeApp(Path dir) throws IOException {
        Path app = Files.createDirectories(dir).resolve("Codex");
        if (!Files.exists(app)) {
            Files.copy(Path.of("/bin/sleep"), app, StandardCopyOption.COPY_ATTRIBUTES);
        }
        return new ProcessBuilder(app.toString(), "300").start();
    }

    /**
     * Starts a process named {@code Codex} (as {@link #startFakeApp}) that is <em>not</em> a
     * descendant of this JVM: {@code sh} starts it in the background and exits, so it is handed to
     * the system the way a Codex App the developer runs is. It stands for an App running on the
     * machine outside the test; the caller destroys it ({@link ProcessHandle#destroyForcibly}).
     */
    public static ProcessHandle startOrphanedFakeApp(Path dir) throws IOException, InterruptedException {
        Path app = Files.createDirectories(dir).resolve("Codex");
        if (!Files.exists(app)) {
            Files.copy(Path.of("/bin/sleep"), app, StandardCopyOption.COPY_ATTRIBUTES);
        }
        Process sh = new ProcessBuilder("sh", "-c", "\"$0\" 300 </dev/null >/dev/null 2>&1 & echo $!", app.toString())
                .redirectErrorStream(true)
                .start();
        String pid = new String(sh.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        if (sh.waitFor() != 0 || pid.isEmpty()) {
            throw new IOException("could not start " + app + ": " + pid);
        }
        ProcessHandle orphan =
                ProcessHandle.of(Long.parseLong(pid)).orElseThrow(() -> new IOException(app + " ended at once"));
        // until sh has exited and the orphan is re-parented, it may still look like ours
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (ProcessHandle.current().descendants().anyMatch(p -> p.pid() == orphan.pid())) {
            if (System.nanoTime() > deadline) {
                orphan.destroyForcibly();
                throw new IOException(app + " stayed a descendant of this JVM");
            }
            Thread.sleep(10);
        }
        return orphan;
    }

    /** The store adapter over a Codex home. */
    public static CodexAutomationStore store(Path codexHome) {
        return new CodexAutomationStore(new CodexHome(codexHome, CodexHome.Source.FLAG));
    }

    /**
     * Puts a managed wrapper v1 bound to {@code runtimeRoot}, goal {@code demo-goal}, agent
     * {@code builder} and CLI {@code loopx} into the {@link #V1} automation (both stores) and
     * returns it.
     */
    public static String installV1Wrapper(Path codexHome, String runtimeRoot) {
        String v1 = ManagedWrapper.render(new WrapperBinding(
                1,
                Path.of(runtimeRoot).toAbsolutePath().normalize().toString(),
                "demo-goal",
                "builder",
                "loopx",
                List.of()));
        CodexAutomationStore store = store(codexHome);
        store.apply(store.prepare(V1, v1).get(), MigrationHook.NONE).get();
        return v1;
    }
}
