package dev.loopx.application;

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
 * and where progress of long work goes. Services never read the clock, the process environment
 * or a terminal themselves. Immutable.
 */
public record Invocation(
        Instant now,
        Path runtimeRoot,
        Path loopxHome,
        Path workingDirectory,
        Path userHome,
        Map<String, String> environment,
        Progress progress,
        Warnings warnings) {
    public Invocation {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(runtimeRoot, "runtimeRoot");
        Objects.requireNonNull(loopxHome, "loopxHome");
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(userHome, "userHome");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(warnings, "warnings");
    }

    /** An invocation whose warnings are dropped (callers with no one to tell). */
    public Invocation(
            Instant now,
            Path runtimeRoot,
            Path loopxHome,
            Path workingDirectory,
            Path userHome,
            Map<String, String> environment,
            Progress progress) {
        this(now, runtimeRoot, loopxHome, workingDirectory, userHome, environment, progress, Warnings.NONE);
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
