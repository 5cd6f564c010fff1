package dev.loopx.application;

import dev.loopx.ledger.remote.ServerSessions;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a use case may know about the call it serves, resolved once by the adapter that
 * received it (the CLI, the MCP server, a dashboard): the clock read once ({@code now}), the
 * runtime root the call is about, the LoopX home ({@code projects.json}, runtimes), the
 * environment variables and working directory relative paths resolve against, the user's home,
 * the machine's processes the call may look at ({@link ProcessView}: a test's own, or the whole
 * machine), where progress of long work goes, and the process's sessions on server ledgers
 * ({@link ServerSessions}, which only the composition root uses: one per process, made by {@code
 * Composition.serverSessions()} and closed by the adapter's entry point). Services never read the
 * clock, the process environment, the process list or a terminal themselves. Immutable (the
 * sessions are the process's, shared by every invocation of it).
 */
public record Invocation(
        Instant now,
        Path runtimeRoot,
        Path loopxHome,
        Path workingDirectory,
        Path userHome,
        Map<String, String> environment,
        ProcessView processes,
        Progress progress,
        Warnings warnings,
        ServerSessions servers) {
    public Invocation {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(runtimeRoot, "runtimeRoot");
        Objects.requireNonNull(loopxHome, "loopxHome");
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(userHome, "userHome");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(processes, "processes");
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(warnings, "warnings");
        Objects.requireNonNull(servers, "servers");
    }

    /**
     * An invocation whose warnings are dropped (callers with no one to tell) and that sees the whole
     * machine's processes ({@link ProcessView#machine()}: the safe default, never blind to a running
     * Codex App). A test that reaches the App probe passes {@link ProcessView#ownChildren()} to the
     * canonical constructor instead.
     */
    public Invocation(
            Instant now,
            Path runtimeRoot,
            Path loopxHome,
            Path workingDirectory,
            Path userHome,
            Map<String, String> environment,
            Progress progress,
            ServerSessions servers) {
        this(
                now,
                runtimeRoot,
                loopxHome,
                workingDirectory,
                userHome,
                environment,
                ProcessView.machine(),
                progress,
                Warnings.NONE,
                servers);
    }

    /** An environment variable; blank counts as unset. */
    public Optional<String> variable(String name) {
        String value = environment.get(name);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }

    /**
     * Where a service tells the person something went half-right without failing the call (e.g. a
     * durable write whose read model could not be updated); one sentence each.
     */
    @FunctionalInterface
    public interface Warnings {
        Warnings NONE = message -> {};

        void warn(String message);
    }

    /** Where a service reports progress of long work (one line, replaced in place); may drop every line. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = line -> {};

        void report(String line);
    }
}
