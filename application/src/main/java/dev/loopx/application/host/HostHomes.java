package dev.loopx.application.host;

import dev.loopx.application.InvalidRequest;
import dev.loopx.host.install.HostLocations;
import dev.loopx.projections.next.Flag;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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

    /**
     * Where a folder came from: {@code home} is its label, {@code source} e.g. {@code env:CODEX_HOME},
     * {@code default}, or {@code flag} with the input that gave it ({@code flag}, which the adapter
     * names its own way).
     */
    public record Source(String home, String source, Optional<Flag> flag) {
        public Source {
            Objects.requireNonNull(home, "home");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(flag, "flag");
        }

        public Source(String home, String source) {
            this(home, source, Optional.empty());
        }

        static Source flag(String home, Flag flag) {
            return new Source(home, "flag", Optional.of(flag));
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
                Flag.CODEX_HOME,
                flags.codexHome(),
                "CODEX_HOME",
                home.resolve(".codex"));
        Path claude = pick(
                environment,
                sources,
                "claude_home",
                Flag.CLAUDE_HOME,
                flags.claudeHome(),
                "CLAUDE_HOME",
                home.resolve(".claude"));
        Path opencode = pick(
                environment,
                sources,
                "opencode_config_dir",
                Flag.OPENCODE_CONFIG_DIR,
                flags.opencodeConfigDir(),
                "OPENCODE_CONFIG_DIR",
                home.resolve(".config").resolve("opencode"));
        Path pi = pick(
                environment,
                sources,
                "pi_agent_dir",
                Flag.PI_AGENT_DIR,
                flags.piAgentDir(),
                "PI_CODING_AGENT_DIR",
                null);
        Path projectDir = flags.project() == null
                ? environment.workingDirectory()
                : path(environment, Flag.PROJECT, flags.project());
        if (!Files.isDirectory(projectDir)) {
            throw new InvalidRequest("project_not_found", Flag.PROJECT, "is not an existing folder");
        }
        sources.add(
                flags.project() == null
                        ? new Source("project", "working_directory")
                        : Source.flag("project", Flag.PROJECT));
        return new Resolved(new HostLocations(codex, claude, opencode, pi, projectDir), sources);
    }

    private static Path pick(
            HostEnvironment environment,
            List<Source> sources,
            String label,
            Flag flag,
            String flagValue,
            String variable,
            Path fallback) {
        String env = environment.variable(variable);
        Source source;
        Path chosen;
        if (flagValue != null) {
            source = Source.flag(label, flag);
            chosen = path(environment, flagValue).orElseThrow(() -> unusable(flag));
        } else if (env != null && !env.isBlank()) {
            source = new Source(label, "env:" + variable);
            chosen = path(environment, env)
                    .orElseThrow(() -> new InvalidRequest("invalid_value", variable + " is not a usable path"));
        } else {
            source = new Source(label, fallback == null ? "unset" : "default");
            chosen = fallback;
        }
        sources.add(source);
        return chosen;
    }

    private static Path path(HostEnvironment environment, Flag flag, String value) {
        return path(environment, value).orElseThrow(() -> unusable(flag));
    }

    private static InvalidRequest unusable(Flag flag) {
        return new InvalidRequest("invalid_value", flag, "is not a usable path");
    }

    private static Optional<Path> path(HostEnvironment environment, String value) {
        try {
            if (value.isBlank() || value.indexOf('\0') >= 0) {
                return Optional.empty();
            }
            return Optional.of(environment.workingDirectory().resolve(value).normalize());
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }
}
