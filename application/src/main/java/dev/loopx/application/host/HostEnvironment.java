package dev.loopx.application.host;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * What a host use case may know about the machine it runs for, resolved by the adapter that
 * received the call: the environment variables (host folders such as {@code CODEX_HOME},
 * {@code PATH}), the working directory relative paths resolve against, and the user's home. No
 * clock and no runtime root: these use cases read host folders and project folders only.
 * Immutable.
 */
public record HostEnvironment(Map<String, String> variables, Path workingDirectory, Path userHome) {
    public HostEnvironment {
        variables = Map.copyOf(variables);
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(userHome, "userHome");
    }

    /** An environment variable as set (blank included), or {@code null}. */
    public String variable(String name) {
        return variables.get(name);
    }
}
