package dev.loopx.cli.host;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.host.HostHomes;
import dev.loopx.application.host.InstallSlashCommands;
import dev.loopx.cli.support.CliContext;
import dev.loopx.host.install.FileResult;
import dev.loopx.host.install.FileStatus;
import dev.loopx.host.install.McpLane;
import dev.loopx.host.slash.Catalog;
import dev.loopx.host.slash.SlashCommand;
import dev.loopx.host.surface.HostSurface;
import dev.loopx.ledger.json.Json;

/**
 * The {@code slash-commands} documents (SPEC §S10, §S13), rendered from their result records: the
 * catalog ({@code loopx_slash_command_catalog_v0}, also the {@code slash_help} of an unknown
 * command's handoff) and the managed host files ({@code loopx_slash_command_install_v0}).
 */
final class SlashCommandDocuments {
    static final String CATALOG_SCHEMA = "loopx_slash_command_catalog_v0";
    static final String INSTALL_SCHEMA = "loopx_slash_command_install_v0";

    private SlashCommandDocuments() {}

    /** The catalog; without legacy aliases no {@code /loop-global-} string appears in it. */
    static ObjectNode catalog(Catalog catalog) {
        ObjectNode doc = CliContext.document(CATALOG_SCHEMA, true);
        doc.put("canonical_prefix", catalog.canonicalPrefix());
        doc.put("cli_bin", catalog.cliBin());
        doc.put("matching", "exact_leading_token");
        doc.put("unknown_command_policy", catalog.unknownCommandPolicy());
        doc.put("legacy_aliases_included", catalog.legacyAliases());
        doc.put("gate_approval", "never: a slash command is a request to run LoopX, not an owner decision");
        ArrayNode commands = doc.putArray("commands");
        for (SlashCommand c : catalog.commands()) {
            ObjectNode item = commands.addObject();
            item.put("command", c.command());
            item.put("scope", c.scope());
            item.put("intent", c.intent());
            item.put("mutation_policy", c.mutationPolicy());
            item.put("cli_reference", c.cliReference(catalog.cliBin()));
            item.put("summary", c.summary());
            ArrayNode aliases = item.putArray("legacy_aliases");
            if (catalog.legacyAliases()) {
                c.legacyAliases().forEach(aliases::add);
            }
        }
        return doc;
    }

    /**
     * Claude Code's {@code .mcp.json}: the manual step when LoopX wrote none, and once it is LoopX's,
     * that Claude Code asks to approve a project server and that the file is per-lane local state.
     */
    private static void mcpFile(ObjectNode f, FileResult r, InstallSlashCommands.Request request, String cliBin) {
        McpLane lane = request.mcpLane();
        String serve = cliBin + " mcp serve"
                + (lane.goalId() == null ? " --goal-id <goal-id> --agent-id <agent-id>" : " --goal-id " + lane.goalId())
                + (lane.agentId() == null ? "" : " --agent-id " + lane.agentId());
        if (r.owner().equals("user")) {
            f.put(
                    "manual_step",
                    "your .mcp.json is left alone: add the server yourself with claude mcp add loopx -- " + serve);
        } else if (r.status() == FileStatus.SKIPPED_NO_LANE) {
            f.put(
                    "manual_step",
                    "no MCP server registered: pass --goal-id G --agent-id A to bind one lane (or --mcp-unbound)");
        } else if (request.action() == InstallSlashCommands.Action.INSTALL
                && switch (r.status()) {
                    case CREATED, UPDATED, UNCHANGED, WOULD_CREATE, WOULD_UPDATE -> true;
                    default -> false;
                }) {
            f.put(
                    "note",
                    "Claude Code asks once to approve this project server (or list it in enabledMcpjsonServers);"
                            + " .mcp.json names this machine's launcher and one lane: keep it out of version control."
                            + " A second lane: claude mcp add loopx-<agent> -- " + cliBin
                            + " mcp serve --goal-id <goal-id> --agent-id <agent>");
        }
    }

    /** What an install, uninstall or inspect did; ok=false ({@code cli_unavailable}) when the hosts could not run the CLI. */
    static ObjectNode install(InstallSlashCommands.Result result) {
        InstallSlashCommands.Request request = result.request();
        String cliBin = request.cliBin();
        ObjectNode doc = CliContext.document(INSTALL_SCHEMA, result.cliAvailable());
        doc.put("action", request.action().wire());
        doc.put("dry_run", request.dryRun());
        doc.put("cli_bin", cliBin);
        ArrayNode surfaces = doc.putArray("surfaces");
        request.surfaces().stream().map(HostSurface::filesName).forEach(surfaces::add);
        doc.put("goal_bridge", request.goalBridge());
        if (request.action() == InstallSlashCommands.Action.INSTALL) {
            McpLane lane = request.mcpLane();
            ObjectNode mcp = doc.putObject("mcp_lane");
            mcp.put("mode", lane.unbound() ? "unbound" : lane.goalId() != null ? "bound" : "none");
            if (lane.goalId() != null) {
                mcp.put("goal_id", lane.goalId());
            }
            if (lane.agentId() != null) {
                mcp.put("agent_id", lane.agentId());
            }
        }
        ArrayNode locations = doc.putArray("locations");
        for (HostHomes.Source s : result.locations()) {
            locations.addObject().put("home", s.home()).put("source", s.source());
        }
        ArrayNode blockers = doc.putArray("blockers");
        if (!result.cliAvailable()) {
            blockers.addObject()
                    .put("code", "cli_unavailable")
                    .put(
                            "message",
                            "The CLI the host files call (" + cliBin
                                    + ") is not an executable on PATH; hosts could not run"
                                    + " LoopX and would have to invent state.")
                    .put(
                            "fix",
                            "put " + cliBin
                                    + " on PATH, or pass --cli-bin with the launcher's name or path, then run loopx slash-commands --inspect");
            doc.put("error_code", "cli_unavailable");
        }
        ArrayNode files = doc.putArray("files");
        for (FileResult r : result.files()) {
            ObjectNode f = files.addObject();
            f.put("surface", r.file().surface().filesName());
            f.put("file", r.file().name());
            f.put("home", r.file().home());
            f.put("path", r.file().relativePath());
            f.put("status", r.status().wire());
            f.put("owner", r.owner());
            if (r.file().name().equals("loopx-mcp")) {
                mcpFile(f, r, request, cliBin);
            }
        }
        ObjectNode counts = Json.object();
        result.counts().forEach(counts::put);
        doc.set("counts", counts);
        doc.put("changed", result.changed());
        return doc;
    }
}
