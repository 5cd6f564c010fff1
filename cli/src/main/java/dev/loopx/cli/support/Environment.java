package dev.loopx.cli.support;

import dev.loopx.application.ProcessView;
import dev.loopx.application.composition.Composition;
import dev.loopx.ledger.remote.ServerSessions;
import java.io.Console;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;

/**
 * What the CLI reads from outside the command line: environment variables, the working
 * directory, the user's home, whether stdout is a terminal, the clock, and which of the machine's
 * processes a command may look at (the Codex App probe, {@link ProcessView}). Tests build their
 * own ({@link #of}: their own processes only); {@link #system} is the real one. Domain code never
 * sees this: the CLI reads the clock once and passes {@code now} in.
 */
public record Environment(
        Map<String, String> variables,
        Path workingDirectory,
        Path userHome,
        boolean interactive,
        boolean stderrTerminal,
        Clock clock,
        ProcessView processes,
        ServerSessions servers) {
    public Environment {
        Objects.requireNonNull(variables, "variables");
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(userHome, "userHome");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(processes, "processes");
        Objects.requireNonNull(servers, "servers");
        variables = Map.copyOf(variables);
    }

    /**
     * The process's own environment: the whole machine's processes, unless {@code
     * LOOPX_PROCESS_SCOPE} names an ancestor of this process (a test that started this {@code
     * loopx}; {@link ProcessView#of}), and the process's server-ledger sessions, which {@code Main}
     * made and closes.
     */
    public static Environment system(Clock clock, ServerSessions servers) {
        Map<String, String> env = System.getenv();
        String home = env.getOrDefault("HOME", System.getProperty("user.home"));
        boolean stdout = stdoutIsTerminal();
        return new Environment(
                env,
                Path.of("").toAbsolutePath(),
                Path.of(home),
                stdout,
                stdout && stderrIsTerminal(),
                clock,
                // the process handle only when a scope is named: a heartbeat without one never needs it
                env.containsKey(ProcessView.SCOPE_VARIABLE)
                        ? ProcessView.of(env, ProcessHandle.current())
                        : ProcessView.machine(),
                servers);
    }

    /**
     * A test's environment whose stderr is a terminal exactly when stdout is; it sees only the
     * processes this JVM started ({@link ProcessView#ownChildren()}) and has server-ledger sessions
     * of its own (as a process of its own would; nothing in them needs closing unless the test
     * prefetches).
     */
    public Environment(
            Map<String, String> variables, Path workingDirectory, Path userHome, boolean interactive, Clock clock) {
        this(
                variables,
                workingDirectory,
                userHome,
                interactive,
                interactive,
                clock,
                ProcessView.ownChildren(),
                Composition.serverSessions());
    }

    /**
     * A non-interactive environment for tests: it sees only the processes this JVM started ({@link
     * ProcessView#ownChildren()}), so a Codex App the developer runs cannot change a test's answer
     * while a stand-in App the test starts still counts.
     */
    public static Environment of(Map<String, String> variables, Path workingDirectory, Path userHome, Clock clock) {
        return new Environment(variables, workingDirectory, userHome, false, clock);
    }

    /**
     * The same environment with other variables, working directory and home (the same clock,
     * processes and server-ledger sessions: the same process).
     */
    public Environment with(Map<String, String> variables, Path workingDirectory, Path userHome, boolean interactive) {
        return new Environment(
                variables, workingDirectory, userHome, interactive, interactive, clock, processes, servers);
    }

    public String variable(String name) {
        return variables.get(name);
    }

    /**
     * Whether stderr is a terminal: on Linux what file descriptor 2 points at ({@code /dev/pts/…},
     * {@code /dev/tty…}); elsewhere assumed to be one when stdout is (the JDK cannot ask).
     */
    private static boolean stderrIsTerminal() {
        Path fd = Path.of("/proc/self/fd/2");
        try {
            String target = Files.readSymbolicLink(fd).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return true;
        }
    }

    private static boolean stdoutIsTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            // JDK 22+: a console exists even when redirected; isTerminal() tells the truth.
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
