package dev.loopx.host.install;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where each host keeps its files, already resolved by the caller (flags, then environment, then
 * defaults — see {@code docs/hosts/README.md}).
 *
 * @param codexHome Codex home (prompts under {@code prompts/})
 * @param claudeHome Claude Code home (commands under {@code commands/}, skills under {@code skills/})
 * @param opencodeConfigDir OpenCode config folder (commands under {@code command/}, plugins under {@code plugin/})
 * @param piAgentDir Pi agent folder when one was given explicitly, else {@code null}: the Pi pair then goes
 *     under the project's {@code .pi/extensions/}
 * @param project the project folder (Claude Code's {@code .mcp.json}, Pi's {@code .pi/extensions/})
 */
public record HostLocations(Path codexHome, Path claudeHome, Path opencodeConfigDir, Path piAgentDir, Path project) {
    public HostLocations {
        Objects.requireNonNull(codexHome, "codexHome");
        Objects.requireNonNull(claudeHome, "claudeHome");
        Objects.requireNonNull(opencodeConfigDir, "opencodeConfigDir");
        Objects.requireNonNull(project, "project");
    }
}
