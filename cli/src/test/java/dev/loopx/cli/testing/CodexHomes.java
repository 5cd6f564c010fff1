package dev.loopx.cli.testing;

import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.MigrationHook;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.WrapperBinding;
import java.io.IOException;
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
