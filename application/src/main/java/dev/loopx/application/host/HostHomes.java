package dev.loopx.application.host;

import dev.loopx.application.InvalidRequest;
import dev.loopx.host.install.HostLocations;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Resolves each host's folder: the flag, else its environment variable, else the default under
 * the user's home ({@code ~/.codex}, {@code ~/.claude}, {@code ~/.config/opencode}). The Pi agent
 * folder has no default here: without a flag or {@code PI_CODING_AGENT_DIR} the Pi pair goes under
 * the project. Records where each value came from (never the value: it is a local path).
 */
public final class HostHomes {
    private HostHomes() {}

    /** The host folder flags as given ({@code null} when not given); {@code project} defaults to the working directory. */
    public record Flags(
            String codexHome, String claudeHome, String opencodeConfigDir, String piAgentDir, String project) {
        /** No flags: every folder from the environment or its default. */
        public static Flags none(Path project) {
            return new Flags(null, null, null, null, project.toString());
        }
    }

    /** Where a folder came from: {@code home} is its label, {@code source} e.g. {@code flag:--codex-home}, {@code env:CODEX_HOME}, {@code default}. */
    public record Source(String home, String source) {
        public Source {
            Objects.requireNonNull(home, "home");
            Objects.requireNonNull(source, "source");
        }
    }

    /** The folders, and where each came from (codex, claude, opencode, pi, project). */
    public record Resolved(HostLocations locations, List<Source> sources) {
        public Resolved {
            Objects.requireNonNull(locations, "locations");
            sources = List.copyOf(sources);
        }
    }

    /**
     * Resolves the folders; refuses an unusable path ({@code invalid_value}) or a project that is not
     * an existing folder ({@code project_not_found}).
     */
    public static Resolved resolve(HostEnvironment environment, Flags flags) {
        List<Source> sources = new ArrayList<>();
        Path home = environment.userHome();
        Path codex = pick(
                environment,
                sources,
                "codex_home",
                "--codex-home",
                flags.codexHome(),
                "CODEX_HOME",
                home.resolve(".codex"));
        Path claude = pick(
                environment,
                sources,
                "claude_home",
                "--claude-home",
                flags.claudeHome(),
                "CLAUDE_HOME",
                home.resolve(".claude"));
        Path opencode = pick(
                environment,
                sources,
                "opencode_config_dir",
                "--opencode-config-dir",
                flags.opencodeConfigDir(),
                "OPENCODE_CONFIG_DIR",
                home.resolve(".config").resolve("opencode"));
        Path pi = pick(
                environment,
                sources,
                "pi_agent_dir",
                "--pi-agent-dir",
                flags.piAgentDir(),
                "PI_CODING_AGENT_DIR",
                null);
        Path projectDir = flags.project() == null
                ? environment.workingDirectory()
                : path(environment, "--project", flags.project());
        if (!Files.isDirectory(projectDir)) {
            throw new InvalidRequest("project_not_found", "--project is not an existing folder");
        }
        sources.add(new Source("project", flags.project() == null ? "working_directory" : "flag:--project"));
        return new Resolved(new HostLocations(codex, claude, opencode, pi, projectDir), sources);
    }

    private static Path pick(
            HostEnvironment environment,
            List<Source> sources,
            String label,
            String flag,
            String flagValue,
            String variable,
            Path fallback) {
        String env = environment.variable(variable);
        String source;
        Path chosen;
        if (flagValue != null) {
            source = "flag:" + flag;
            chosen = path(environment, flag, flagValue);
        } else if (env != null && !env.isBlank()) {
            source = "env:" + variable;
            chosen = path(environment, variable, env);
        } else {
            source = fallback == null ? "unset" : "default";
            chosen = fallback;
        }
        sources.add(new Source(label, source));
        return chosen;
    }

    private static Path path(HostEnvironment environment, String name, String value) {
        try {
            if (value.isBlank() || value.indexOf('\0') >= 0) {
                throw new InvalidPathException(value, "empty or NUL");
            }
            return environment.workingDirectory().resolve(value).normalize();
        } catch (InvalidPathException e) {
            throw new InvalidRequest("invalid_value", name + " is not a usable path");
        }
    }
}
