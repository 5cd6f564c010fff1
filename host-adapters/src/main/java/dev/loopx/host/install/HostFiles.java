package dev.loopx.host.install;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.surface.HostSurface;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The files LoopX manages per host (SPEC §S13), with their desired content:
 *
 * <ul>
 *   <li>codex: {@code <codex-home>/prompts/<stem>.md}, one per slash command;
 *   <li>claude-code: {@code <claude-home>/commands/<stem>.md}, the skill
 *       {@code <claude-home>/skills/loopx/SKILL.md}, and the MCP registration {@code <project>/.mcp.json}
 *       (project scope; a user's {@code .mcp.json} is never touched);
 *   <li>opencode: {@code <opencode-config-dir>/command/<stem>.md}, and with the goal bridge the
 *       {@code command/loopx-goal.md} facade the bridge intercepts, plus {@code plugin/loopx-goal-bridge.js}
 *       and {@code plugin/pi-goal-loop-runtime.mjs} (a pair: the bridge imports the runtime next to it);
 *   <li>pi: {@code loopx-goal.ts} and {@code pi-goal-loop-runtime.mjs} (a pair) under
 *       {@code <project>/.pi/extensions/}, or under {@code <pi-agent-dir>/extensions/} when a Pi agent
 *       folder was given.
 * </ul>
 *
 * The Pi and bridge sources are resources of this module; the marker is added here, on the first line.
 */
public final class HostFiles {
    static final String PI_EXTENSION = "dev/loopx/host/pi/loopx-goal.ts";
    static final String PI_RUNTIME = "dev/loopx/host/pi/pi-goal-loop-runtime.mjs";
    static final String OPENCODE_BRIDGE = "dev/loopx/host/opencode/loopx-goal-bridge.js";

    private HostFiles() {}

    /**
     * The managed files of {@code surfaces}, in a stable order.
     *
     * @param includeGoalBridge whether the opt-in OpenCode goal bridge is part of the set (install
     *     asks for it with {@code --goal-bridge}; uninstall and inspect always include it)
     */
    public static List<ManagedFile> of(
            Set<HostSurface> surfaces, HostLocations at, String cliBin, boolean includeGoalBridge) {
        List<ManagedFile> files = new ArrayList<>();
        for (HostSurface surface : HostSurface.withHostFiles()) {
            if (!surfaces.contains(surface)) {
                continue;
            }
            switch (surface) {
                case CODEX_CLI -> commandFacades(files, surface, at.codexHome(), "codex_home", "prompts", cliBin);
                case CLAUDE_CODE -> {
                    commandFacades(files, surface, at.claudeHome(), "claude_home", "commands", cliBin);
                    files.add(new ManagedFile(
                            surface,
                            "loopx-skill",
                            "claude_home",
                            "skills/loopx/SKILL.md",
                            at.claudeHome().resolve("skills").resolve("loopx").resolve("SKILL.md"),
                            Facades.skill(cliBin),
                            null,
                            true));
                    files.add(new ManagedFile(
                            surface,
                            "loopx-mcp",
                            "project",
                            ".mcp.json",
                            at.project().resolve(".mcp.json"),
                            mcpRegistration(cliBin),
                            null,
                            false));
                }
                case OPENCODE -> {
                    commandFacades(files, surface, at.opencodeConfigDir(), "opencode_config_dir", "command", cliBin);
                    if (includeGoalBridge) {
                        files.add(new ManagedFile(
                                surface,
                                "loopx-goal",
                                "opencode_config_dir",
                                "command/loopx-goal.md",
                                at.opencodeConfigDir().resolve("command").resolve("loopx-goal.md"),
                                Facades.opencodeGoalBridgeCommand(cliBin),
                                null,
                                false));
                        Path plugin = at.opencodeConfigDir().resolve("plugin");
                        files.add(script(
                                surface,
                                "loopx-goal-bridge",
                                "opencode_config_dir",
                                "plugin/loopx-goal-bridge.js",
                                plugin.resolve("loopx-goal-bridge.js"),
                                OPENCODE_BRIDGE,
                                "opencode-goal-bridge"));
                        files.add(script(
                                surface,
                                "pi-goal-loop-runtime",
                                "opencode_config_dir",
                                "plugin/pi-goal-loop-runtime.mjs",
                                plugin.resolve("pi-goal-loop-runtime.mjs"),
                                PI_RUNTIME,
                                "opencode-goal-bridge"));
                    }
                }
                case PI -> {
                    boolean agentDir = at.piAgentDir() != null;
                    Path dir = agentDir
                            ? at.piAgentDir().resolve("extensions")
                            : at.project().resolve(".pi").resolve("extensions");
                    String home = agentDir ? "pi_agent_dir" : "project";
                    String prefix = agentDir ? "extensions/" : ".pi/extensions/";
                    files.add(script(
                            surface,
                            "loopx-goal",
                            home,
                            prefix + "loopx-goal.ts",
                            dir.resolve("loopx-goal.ts"),
                            PI_EXTENSION,
                            "pi-extension"));
                    files.add(script(
                            surface,
                            "pi-goal-loop-runtime",
                            home,
                            prefix + "pi-goal-loop-runtime.mjs",
                            dir.resolve("pi-goal-loop-runtime.mjs"),
                            PI_RUNTIME,
                            "pi-extension"));
                }
                case CODEX_APP, SHELL -> throw new IllegalStateException(surface + " has no host files");
            }
        }
        return files;
    }

    private static void commandFacades(
            List<ManagedFile> files, HostSurface surface, Path home, String homeLabel, String folder, String cliBin) {
        for (String stem : Facades.commandStems()) {
            files.add(new ManagedFile(
                    surface,
                    stem,
                    homeLabel,
                    folder + "/" + stem + ".md",
                    home.resolve(folder).resolve(stem + ".md"),
                    Facades.command(stem, surface, cliBin, surface != HostSurface.OPENCODE),
                    null,
                    false));
        }
    }

    private static ManagedFile script(
            HostSurface surface,
            String name,
            String home,
            String relativePath,
            Path target,
            String resource,
            String pair) {
        String content = "// " + ManagedMarker.of(name, surface) + "\n" + resource(resource);
        return new ManagedFile(surface, name, home, relativePath, target, content, pair, false);
    }

    /** Claude Code's project-scope MCP registration for {@code loopx mcp serve}, marked by a JSON key. */
    static String mcpRegistration(String cliBin) {
        ObjectNode doc = Json.object();
        doc.put(ManagedMarker.JSON_KEY, ManagedMarker.of("loopx-mcp", HostSurface.CLAUDE_CODE));
        ObjectNode server = doc.putObject("mcpServers").putObject("loopx");
        server.put("type", "stdio");
        server.put("command", cliBin);
        server.putArray("args").add("mcp").add("serve");
        try {
            return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(doc) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the MCP registration did not serialise", e);
        }
    }

    static String resource(String name) {
        try (InputStream in = HostFiles.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing host resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
