package dev.loopx.cli.support;

import java.io.Console;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;

/**
 * What the CLI reads from outside the command line: environment variables, the working
 * directory, the user's home, whether stdout is a terminal, and the clock. Tests build their
 * own; {@link #system} is the real one. Domain code never sees this: the CLI reads the clock once
 * and passes {@code now} in.
 */
public record Environment(
        Map<String, String> variables, Path workingDirectory, Path userHome, boolean interactive, Clock clock) {
    public Environment {
        Objects.requireNonNull(variables, "variables");
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(userHome, "userHome");
        Objects.requireNonNull(clock, "clock");
        variables = Map.copyOf(variables);
    }

    public static Environment system(Clock clock) {
        Map<String, String> env = System.getenv();
        String home = env.getOrDefault("HOME", System.getProperty("user.home"));
        return new Environment(env, Path.of("").toAbsolutePath(), Path.of(home), stdoutIsTerminal(), clock);
    }

    /** A non-interactive environment for tests. */
    public static Environment of(Map<String, String> variables, Path workingDirectory, Path userHome, Clock clock) {
        return new Environment(variables, workingDirectory, userHome, false, clock);
    }

    public String variable(String name) {
        return variables.get(name);
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
