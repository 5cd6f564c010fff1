package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loopx.application.ProcessView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * The LoopX CLI running in a child JVM started the way the launcher starts it: {@code java
 * @jvm-common.args [@jvm-jdk23.args] @jvm-startup.args -cp <test class path> dev.loopx.cli.Main}.
 * The flags are read from the argument files surefire names in {@code loopx.jvm.args.dir}; none
 * are copied here. stdout and stderr go to files (they survive a {@code kill -9} of the child,
 * and every line the child flushed before dying is in them).
 *
 * <p>Children are started through a {@link Launcher}, which remembers them so that a test's
 * {@code @AfterEach} (and, as a last resort, a JVM shutdown hook) kills whatever is still alive.
 * Not thread-safe except {@link Launcher#start}, which may be called from several threads.
 */
final class ChildCli implements AutoCloseable {
    static final ObjectMapper MAPPER = new ObjectMapper();
    private static final long POLL_MILLIS = 5;

    private final String name;
    private final Process process;
    private final long startNanos;
    private final Path stdout;
    private final Path stderr;

    private ChildCli(String name, Process process, long startNanos, Path stdout, Path stderr) {
        this.name = name;
        this.process = process;
        this.startNanos = startNanos;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Starts children with shared defaults (working folder, environment, log folder) and kills them all on {@link #close}. */
    static final class Launcher implements AutoCloseable {
        private final Path workDir;
        private final Path logDir;
        private final Map<String, String> env = new LinkedHashMap<>();
        private final Map<String, String> props = new LinkedHashMap<>();
        private String umask;
        private List<String> prefix = List.of();
        private final List<ChildCli> started = new CopyOnWriteArrayList<>();
        private final AtomicInteger counter = new AtomicInteger();
        private final Thread shutdownHook = new Thread(this::killAll, "child-cli-reaper");

        /**
         * A launcher whose children run in {@code workDir} in a clean environment: {@code HOME},
         * {@code user.home} and {@code LOOPX_HOME} pointed into {@code sandbox}, so no test touches
         * the real home; a fixed {@code PATH} and {@code LANG}; and {@link ProcessView#SCOPE_VARIABLE}
         * naming this JVM, so a child's Codex App probe sees only processes this JVM started (a
         * stand-in App a test starts, never the developer's App). Nothing else of the developer's
         * shell is passed on ({@code CODEX_HOME}, {@code PG*}, {@code LOOPX_LEDGER_SYNC}, … would
         * change what a child does); a test sets what it needs with {@link #env}.
         */
        Launcher(Path sandbox) {
            try {
                this.workDir = Files.createDirectories(sandbox.resolve("work"));
                this.logDir = Files.createDirectories(sandbox.resolve("child-logs"));
                Path home = Files.createDirectories(sandbox.resolve("home"));
                Path loopxHome = Files.createDirectories(sandbox.resolve("loopx-home"));
                env.put("PATH", "/usr/bin:/bin");
                env.put("LANG", "C.UTF-8");
                env.putAll(ProcessView.ownChildren().childVariables());
                env.put("HOME", home.toString());
                env.put("LOOPX_HOME", loopxHome.toString());
                props.put("user.home", home.toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        }

        Path workDir() {
            return workDir;
        }

        Launcher env(String name, String value) {
            env.put(name, value);
            return this;
        }

        /** Children start under this umask (e.g. {@code "000"}), through {@code sh}. */
        Launcher umask(String mask) {
            this.umask = mask;
            return this;
        }

        /** Children start through this command (e.g. {@code nsenter -t PID -m --}), which then runs java. */
        Launcher prefix(List<String> command) {
            this.prefix = List.copyOf(command);
            return this;
        }

        Launcher property(String name, String value) {
            props.put(name, value);
            return this;
        }

        /** Starts {@code loopx args...} with the launcher's defaults. */
        ChildCli start(String... args) {
            return start(Map.of(), args);
        }

        /** Starts {@code loopx args...} with extra {@code -D} properties for this child only. */
        ChildCli start(Map<String, String> extraProps, String... args) {
            return start(extraProps, List.of(), args);
        }

        /** Runs {@code loopx args...} with extra JVM options (e.g. a class-load log) for this child only. */
        ChildCli runWithJvmOptions(Duration timeout, List<String> jvmOptions, String... args) {
            ChildCli child = start(Map.of(), jvmOptions, args);
            child.awaitExit(timeout);
            return child;
        }

        private ChildCli start(Map<String, String> extraProps, List<String> jvmOptions, String... args) {
            Map<String, String> allProps = new LinkedHashMap<>(props);
            allProps.putAll(extraProps);
            String name = String.format("child-%03d-%s", counter.incrementAndGet(), label(args));
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(jvmArgFiles());
            command.addAll(jvmOptions);
            allProps.forEach((k, v) -> command.add("-D" + k + "=" + v));
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add("dev.loopx.cli.Main");
            command.addAll(List.of(args));
            if (umask != null) {
                command.addAll(0, List.of("sh", "-c", "umask " + umask + "; exec \"$@\"", "sh"));
            }
            command.addAll(0, prefix);
            ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile());
            // the parent's PATH still finds the first program (the JDK resolves it so); the child gets env only
            pb.environment().clear();
            pb.environment().putAll(env);
            Path out = logDir.resolve(name + ".out");
            Path err = logDir.resolve(name + ".err");
            pb.redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(nullFile()));
            try {
                long t0 = System.nanoTime();
                ChildCli child = new ChildCli(name, pb.start(), t0, out, err);
                started.add(child);
                return child;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start " + command, e);
            }
        }

        /** Runs a child to completion (bounded) and returns it. */
        ChildCli run(Duration timeout, String... args) {
            ChildCli child = start(args);
            child.awaitExit(timeout);
            return child;
        }

        void killAll() {
            for (ChildCli child : started) {
                child.killHard();
            }
        }

        @Override
        public void close() {
            killAll();
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // The JVM is already shutting down; the hook runs anyway.
            }
        }

        private static List<String> jvmArgFiles() {
            String dir = System.getProperty("loopx.jvm.args.dir");
            if (dir == null || !Files.isRegularFile(Path.of(dir, "jvm-common.args"))) {
                fail("system property loopx.jvm.args.dir must name cli/src/dist/conf (surefire sets it); got " + dir);
            }
            List<String> files = new ArrayList<>();
            files.add("@" + Path.of(dir, "jvm-common.args"));
            if (Runtime.version().feature() >= 23) {
                files.add("@" + Path.of(dir, "jvm-jdk23.args"));
            }
            // Start-up tuning the distribution launcher (bin/loopx) also uses.
            files.add("@" + Path.of(dir, "jvm-startup.args"));
            return files;
        }

        private static java.io.File nullFile() {
            return new java.io.File("/dev/null");
        }

        private static String label(String[] args) {
            for (int i = 0; i < args.length; i++) {
                if (!args[i].startsWith("-")
                        && (i == 0 || !args[i - 1].equals("--runtime-root") && !args[i - 1].equals("--format"))) {
                    StringBuilder b = new StringBuilder(args[i]);
                    if (i + 1 < args.length && !args[i + 1].startsWith("-")) {
                        b.append('-').append(args[i + 1]);
                    }
                    return b.toString().replaceAll("[^A-Za-z0-9-]", "_");
                }
            }
            return "loopx";
        }
    }

    String name() {
        return name;
    }

    long pid() {
        return process.pid();
    }

    long startNanos() {
        return startNanos;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for the child to exit; on timeout kills it and fails the test with its output. */
    int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                killHard();
                fail(name + " did not exit within " + timeout + "; killed it.\n" + describe());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            killHard();
            fail("interrupted while waiting for " + name);
        }
        return process.exitValue();
    }

    /** Waits for exit and fails (showing the child's output) unless the exit code is {@code expected}. */
    ChildCli assertExit(int expected, Duration timeout) {
        int code = awaitExit(timeout);
        if (code != expected) {
            fail(name + " exited with " + code + ", expected " + expected + ".\n" + describe());
        }
        return this;
    }

    /** {@code kill -9}: SIGKILL on Linux, then waits until the process is gone. */
    void killHard() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException(name + " (pid " + process.pid() + ") survived SIGKILL for 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    String stdout() {
        return read(stdout);
    }

    String stderr() {
        return read(stderr);
    }

    List<String> stderrLines() {
        return stderr().lines().toList();
    }

    /**
     * Polls stderr until a line matches, returning the nanoTime at which it was seen (at most
     * {@value #POLL_MILLIS} ms late); empty when the child exited or the timeout passed first.
     */
    Optional<Long> awaitStderrLine(Predicate<String> match, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            boolean exited = !process.isAlive();
            // Only complete lines count: a line the child is still writing has no newline yet.
            String text = stderr();
            int end = text.lastIndexOf('\n');
            if (end >= 0 && text.substring(0, end).lines().anyMatch(match)) {
                return Optional.of(System.nanoTime());
            }
            if (exited || System.nanoTime() > deadline) {
                return Optional.empty();
            }
            sleep(POLL_MILLIS);
        }
    }

    /** The seqs of every {@code ack <seq>} line the child wrote to stderr. */
    List<Long> acknowledgedSeqs() {
        List<Long> seqs = new ArrayList<>();
        String text = stderr();
        int end = text.lastIndexOf('\n');
        for (String line : (end < 0 ? "" : text.substring(0, end)).lines().toList()) {
            if (line.matches("ack [0-9]+")) {
                seqs.add(Long.parseLong(line.substring(4)));
            }
        }
        return seqs;
    }

    /** stdout parsed as exactly one JSON document; fails (showing the output) when it is anything else. */
    JsonNode singleJsonDocument() {
        String text = stdout();
        try (JsonParser parser = MAPPER.createParser(text)) {
            JsonNode doc = MAPPER.readTree(parser);
            if (doc == null || !doc.isObject()) {
                fail(name + ": stdout is not one JSON object.\n" + describe());
            }
            if (parser.nextToken() != null) {
                fail(name + ": stdout holds more than one JSON document.\n" + describe());
            }
            return doc;
        } catch (IOException e) {
            fail(name + ": stdout is not JSON (" + e.getMessage() + ").\n" + describe());
            throw new AssertionError(e);
        }
    }

    /** What the child printed, for failure messages. */
    String describe() {
        return "--- " + name + " (pid " + process.pid() + ") stdout ---\n" + tail(stdout(), 4000) + "\n--- stderr ---\n"
                + tail(stderr(), 4000);
    }

    @Override
    public void close() {
        killHard();
    }

    private static String tail(String text, int max) {
        return text.length() <= max ? text : "..." + text.substring(text.length() - max);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
