package dev.loopx.cli.host;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.Environment;
import dev.loopx.host.install.HostLocations;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Resolves each host's folder: the flag, else its environment variable, else the default under
 * the user's home ({@code ~/.codex}, {@code ~/.claude}, {@code ~/.config/opencode}). The Pi agent
 * folder has no default here: without a flag or {@code PI_CODING_AGENT_DIR} the Pi pair goes under
 * the project. Reads the environment only through {@link Environment}, so tests never see the real
 * home. Records where each value came from (never the value: it is a local path).
 */
final class HostHomes {
    private final Environment environment;
    private final ArrayNode sources;

    HostHomes(Environment environment, ArrayNode sources) {
        this.environment = environment;
        this.sources = sources;
    }

    HostLocations resolve(
            String codexHome, String claudeHome, String opencodeConfigDir, String piAgentDir, String project) {
        Path home = environment.userHome();
        Path codex = pick("codex_home", "--codex-home", codexHome, "CODEX_HOME", home.resolve(".codex"));
        Path claude = pick("claude_home", "--claude-home", claudeHome, "CLAUDE_HOME", home.resolve(".claude"));
        Path opencode = pick(
                "opencode_config_dir",
                "--opencode-config-dir",
                opencodeConfigDir,
                "OPENCODE_CONFIG_DIR",
                home.resolve(".config").resolve("opencode"));
        Path pi = pick("pi_agent_dir", "--pi-agent-dir", piAgentDir, "PI_CODING_AGENT_DIR", null);
        Path projectDir = project == null ? environment.workingDirectory() : path("--project", project);
        if (!Files.isDirectory(projectDir)) {
            throw CliError.badInput("project_not_found", "--project is not an existing folder");
        }
        sources.addObject()
                .put("home", "project")
                .put("source", project == null ? "working_directory" : "flag:--project");
        return new HostLocations(codex, claude, opencode, pi, projectDir);
    }

    private Path pick(String label, String flag, String flagValue, String variable, Path fallback) {
        String env = environment.variable(variable);
        String source;
        Path chosen;
        if (flagValue != null) {
            source = "flag:" + flag;
            chosen = path(flag, flagValue);
        } else if (env != null && !env.isBlank()) {
            source = "env:" + variable;
            chosen = path(variable, env);
        } else {
            source = fallback == null ? "unset" : "default";
            chosen = fallback;
        }
        sources.addObject().put("home", label).put("source", source);
        return chosen;
    }

    private Path path(String name, String value) {
        try {
            if (value.isBlank() || value.indexOf('\0') >= 0) {
                throw new InvalidPathException(value, "empty or NUL");
            }
            return environment.workingDirectory().resolve(value).normalize();
        } catch (InvalidPathException e) {
            throw CliError.badInput("invalid_value", name + " is not a usable path");
        }
    }
}
