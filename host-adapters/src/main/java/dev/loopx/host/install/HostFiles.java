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
 *   <li>codex: the skill {@code <codex-home>/skills/loopx/SKILL.md} (Codex 0.169 lists the skills under
 *       {@code skills/} in its model-visible prompt and reads nothing under {@code prompts/}; the
 *       {@code prompts/<stem>.md} files earlier versions wrote are retired);
 *   <li>claude-code: {@code <claude-home>/commands/<stem>.md}, the skill
 *       {@code <claude-home>/skills/loopx/SKILL.md}, and the MCP registration {@code <project>/.mcp.json}
 *       (project scope, bound to the {@link McpLane} given; a user's {@code .mcp.json} is never touched);
 *   <li>opencode: {@code <opencode-config-dir>/command/<stem>.md}, and with the goal bridge the
 *       {@code command/loopx-goal.md} facade the bridge intercepts, plus {@code plugin/loopx-goal-bridge.js}
 *       and {@code plugin/loopx-goal-loop-core.mjs} (a pair: the bridge imports the loop core next to it);
 *   <li>pi: {@code loopx-goal.ts} and {@code loopx-goal-loop-core.mjs} (a pair) under
 *       {@code <project>/.pi/extensions/}, or under {@code <pi-agent-dir>/extensions/} when a Pi agent
 *       folder was given.
 * </ul>
 *
 * The loop core was called {@code pi-goal-loop-runtime.mjs} before; that name is retired next to both
 * pairs, so an upgrade removes the old managed copy. The Pi and bridge sources are resources of this
 * module; the marker is added here, on the first line.
 */
public final class HostFiles {
    static final String PI_EXTENSION = "dev/loopx/host/pi/loopx-goal.ts";
    static final String LOOP_CORE = "dev/loopx/host/core/loopx-goal-loop-core.mjs";
    static final String LOOP_CORE_FILE = "loopx-goal-loop-core.mjs";
    /** The loop core's name before it was shared with OpenCode. */
    static final String RETIRED_LOOP_CORE_FILE = "pi-goal-loop-runtime.mjs";

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
        return of(surfaces, at, cliBin, includeGoalBridge, McpLane.KEEP);
    }

    /**
     * The managed files of {@code surfaces}, in a stable order, with Claude Code's MCP registration
     * for {@code lane}.
     */
    public static List<ManagedFile> of(
            Set<HostSurface> surfaces, HostLocations at, String cliBin, boolean includeGoalBridge, McpLane lane) {
        List<ManagedFile> files = new ArrayList<>();
        for (HostSurface surface : HostSurface.withHostFiles()) {
            if (!surfaces.contains(surface)) {
                continue;
            }
            switch (surface) {
                case CODEX_CLI -> {
                    files.add(new ManagedFile(
                            surface,
                            "loopx-skill",
                            "codex_home",
                            "skills/loopx/SKILL.md",
                            at.codexHome().resolve("skills").resolve("loopx").resolve("SKILL.md"),
                            Facades.skill(cliBin, surface),
                            null,
                            true));
                    for (String stem : Facades.commandStems()) {
                        files.add(ManagedFile.retired(
                                surface,
                                stem,
                                "codex_home",
                                "prompts/" + stem + ".md",
                                at.codexHome().resolve("prompts").resolve(stem + ".md")));
                    }
                }
                case CLAUDE_CODE -> {
                    commandFacades(files, surface, at.claudeHome(), "claude_home", "commands", cliBin);
                    files.add(new ManagedFile(
                            surface,
                            "loopx-skill",
                            "claude_home",
                            "skills/loopx/SKILL.md",
                            at.claudeHome().resolve("skills").resolve("loopx").resolve("SKILL.md"),
                            Facades.skill(cliBin, surface),
                            null,
                            true));
                    files.add(new ManagedFile(
                            surface,
                            "loopx-mcp",
                            "project",
                            ".mcp.json",
                            at.project().resolve(".mcp.json"),
                            lane.registers() ? mcpRegistration(cliBin, lane) : null,
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
                                "loopx-goal-loop-core",
                                "opencode_config_dir",
                                "plugin/" + LOOP_CORE_FILE,
                                plugin.resolve(LOOP_CORE_FILE),
                                LOOP_CORE,
                                "opencode-goal-bridge"));
                        files.add(ManagedFile.retired(
                                surface,
                                "pi-goal-loop-runtime",
                                "opencode_config_dir",
                                "plugin/" + RETIRED_LOOP_CORE_FILE,
                                plugin.resolve(RETIRED_LOOP_CORE_FILE)));
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
                            "loopx-goal-loop-core",
                            home,
                            prefix + LOOP_CORE_FILE,
                            dir.resolve(LOOP_CORE_FILE),
                            LOOP_CORE,
                            "pi-extension"));
                    files.add(ManagedFile.retired(
                            surface,
                            "pi-goal-loop-runtime",
                            home,
                            prefix + RETIRED_LOOP_CORE_FILE,
                            dir.resolve(RETIRED_LOOP_CORE_FILE)));
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

    /**
     * Claude Code's project-scope MCP registration for {@code loopx mcp serve} (bound to {@code lane}
     * unless it is the unbound one), marked by a JSON key.
     */
    static String mcpRegistration(String cliBin, McpLane lane) {
        ObjectNode doc = Json.object();
        doc.put(ManagedMarker.JSON_KEY, ManagedMarker.of("loopx-mcp", HostSurface.CLAUDE_CODE));
        ObjectNode server = doc.putObject("mcpServers").putObject("loopx");
        server.put("type", "stdio");
        server.put("command", cliBin);
        var args = server.putArray("args").add("mcp").add("serve");
        if (lane.goalId() != null) {
            args.add("--goal-id").add(lane.goalId());
        }
        if (lane.agentId() != null) {
            args.add("--agent-id").add(lane.agentId());
        }
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
