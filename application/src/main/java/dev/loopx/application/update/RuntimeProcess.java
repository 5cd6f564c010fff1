package dev.loopx.application.update;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.application.Invocation;
import dev.loopx.application.ProcessView;
import dev.loopx.ledger.json.Json;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs a script of an installed distribution ({@code bin/loopx}, {@code bin/loopx-train}) as a
 * child process with the invocation's environment and process view
 * ({@link ProcessView#childVariables}), waits at most {@code timeout}, and keeps its stdout;
 * stderr is kept for diagnostics only (it may hold local paths and is never copied into an
 * answer). A child that outlives its deadline is killed.
 */
final class RuntimeProcess {
    /** What a finished (or killed) child left behind. */
    record Outcome(int exitCode, boolean timedOut, String stdout, String stderr) {
        /** stdout as the one JSON document a {@code --format json} call prints, if it is one. */
        Optional<JsonNode> json() {
            try {
                JsonNode node = Json.mapper().readTree(stdout);
                return node != null && node.isObject() ? Optional.of(node) : Optional.empty();
            } catch (IOException e) {
                return Optional.empty();
            }
        }
    }

    private RuntimeProcess() {}

    static Outcome run(Invocation invocation, Path script, List<String> args, Duration timeout) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(script.toString());
        command.addAll(args);
        Path out = Files.createTempFile("loopx-update-", ".out");
        Path err = Files.createTempFile("loopx-update-", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(command)
                    .directory(invocation.workingDirectory().toFile())
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
            pb.environment().clear();
            pb.environment().putAll(invocation.environment());
            pb.environment().remove("LOOPX_ARCHIVE_TRAINING");
            // the child looks at the processes this call may look at (a test's own, in a test)
            pb.environment().remove(ProcessView.SCOPE_VARIABLE);
            pb.environment().putAll(invocation.processes().childVariables());
            Process p = pb.start();
            boolean finished;
            try {
                finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                finished = false;
            }
            if (!finished) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
            int exit = finished ? p.exitValue() : -1;
            return new Outcome(
                    exit,
                    !finished,
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static File nullDevice() {
        return new File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
