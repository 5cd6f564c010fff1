package dev.loopx.cli.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.Cli;
import dev.loopx.cli.support.Environment;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Runs the real CLI in-process through {@link Cli#run} with a private environment: a fixed
 * clock, a temporary home and {@code LOOPX_HOME}, and a chosen working directory.
 */
public final class CliRunner {
    public static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private final Path workingDirectory;
    private final Map<String, String> variables = new HashMap<>();
    private final Path home;

    public CliRunner(Path sandbox) {
        try {
            this.home = Files.createDirectories(sandbox.resolve("home"));
            this.workingDirectory = Files.createDirectories(sandbox.resolve("work"));
            variables.put(
                    "LOOPX_HOME",
                    Files.createDirectories(sandbox.resolve("loopx-home")).toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sets an environment variable for the following runs. */
    public CliRunner withVariable(String name, String value) {
        variables.put(name, value);
        return this;
    }

    public Path workingDirectory() {
        return workingDirectory;
    }

    public Path loopxHome() {
        return Path.of(variables.get("LOOPX_HOME"));
    }

    public Result run(String... args) {
        return runIn(workingDirectory, args);
    }

    public Result runIn(Path cwd, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Environment env = Environment.of(variables, cwd, home, Clock.fixed(NOW, ZoneOffset.UTC));
        int exit = Cli.run(args, new PrintWriter(out, true), new PrintWriter(err, true), env);
        return new Result(exit, out.toString(), err.toString());
    }

    /** One invocation's exit code and output. */
    public record Result(int exit, String stdout, String stderr) {
        /** stdout parsed as exactly one JSON document (fails otherwise). */
        public JsonNode json() {
            try {
                var parser = Json.mapper().getFactory().createParser(stdout);
                JsonNode doc = Json.mapper().readTree(parser);
                if (doc == null || parser.nextToken() != null) {
                    throw new AssertionError(
                            "stdout is not exactly one JSON document:\n" + stdout + "\nstderr:\n" + stderr);
                }
                return doc;
            } catch (IOException e) {
                throw new AssertionError("stdout is not JSON:\n" + stdout + "\nstderr:\n" + stderr, e);
            }
        }

        public List<JsonNode> jsonLines() {
            List<JsonNode> lines = new ArrayList<>();
            for (String line : stdout.split("\n")) {
                if (!line.isBlank()) {
                    try {
                        lines.add(Json.mapper().readTree(line));
                    } catch (IOException e) {
                        throw new AssertionError("not a JSON line: " + line, e);
                    }
                }
            }
            return lines;
        }

        @Override
        public String toString() {
            return "exit " + exit + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
        }
    }

    /** SHA-256 of every file under {@code root} by relative path: "byte-identical" checks. */
    public static Map<String, String> snapshot(Path root) {
        Map<String, String> files = new TreeMap<>();
        if (!Files.exists(root)) {
            return files;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.toList()) {
                String key = root.relativize(p).toString();
                if (Files.isRegularFile(p)) {
                    files.put(
                            key,
                            HexFormat.of()
                                    .formatHex(
                                            MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
                } else {
                    files.put(key + "/", "dir");
                }
            }
        } catch (IOException | java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return files;
    }
}
