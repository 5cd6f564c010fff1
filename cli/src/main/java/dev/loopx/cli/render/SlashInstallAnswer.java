package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.host.HostHomes;
import dev.loopx.application.host.InstallSlashCommands;
import dev.loopx.host.install.FileResult;
import dev.loopx.host.install.FileStatus;
import dev.loopx.host.install.McpLane;
import dev.loopx.host.surface.HostSurface;
import dev.loopx.ledger.json.Json;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx slash-commands --install|--uninstall|--inspect}'s answer,
 * {@code loopx_slash_command_install_v0} (SPEC §S10, §S13), from
 * {@link InstallSlashCommands.Result}: the managed host files and what was done to each, where the
 * host folders came from, Claude Code's {@code .mcp.json} lane; ok=false ({@code cli_unavailable})
 * when the hosts could not run the CLI.
 *
 * <p>Its text is the action, the blocker with its fix, and one line per host file (its status,
 * surface and place) with the manual step a file needs.
 */
public record SlashInstallAnswer(InstallSlashCommands.Result result) implements RenderedAnswer {
    static final String SCHEMA = "loopx_slash_command_install_v0";
    private static final String CLI_UNAVAILABLE = "cli_unavailable";

    public SlashInstallAnswer {
        Objects.requireNonNull(result, "result");
    }

    @Override
    public boolean ok() {
        return result.cliAvailable();
    }

    /** A note on one host file: a step the person takes ({@code manual_step}) or a plain {@code note}. */
    private record Note(String field, String text) {}

    @Override
    public ObjectNode json() {
        InstallSlashCommands.Request request = result.request();
        String cliBin = request.cliBin();
        ObjectNode doc = Documents.answer(SCHEMA, result.cliAvailable());
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
            locations
                    .addObject()
                    .put("home", s.home())
                    .put(
                            "source",
                            s.flag().map(f -> "flag:" + CommandLines.flag(f)).orElse(s.source()));
        }
        ArrayNode blockers = doc.putArray("blockers");
        if (!result.cliAvailable()) {
            blockers.addObject()
                    .put("code", CLI_UNAVAILABLE)
                    .put("message", blockerMessage(cliBin))
                    .put("fix", blockerFix(cliBin));
            doc.put("error_code", CLI_UNAVAILABLE);
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
            note(r).ifPresent(n -> f.put(n.field(), n.text()));
        }
        ObjectNode counts = Json.object();
        result.counts().forEach(counts::put);
        doc.set("counts", counts);
        doc.put("changed", result.changed());
        return doc;
    }

    private static String blockerMessage(String cliBin) {
        return "The CLI the host files call (" + cliBin + ") is not an executable on PATH; hosts could not run"
                + " LoopX and would have to invent state.";
    }

    private static String blockerFix(String cliBin) {
        return "put " + cliBin
                + " on PATH, or pass --cli-bin with the launcher's name or path, then run loopx slash-commands --inspect";
    }

    /** Claude Code's {@code .mcp.json} ({@code loopx-mcp}) is the one host file with a note. */
    private Optional<Note> note(FileResult r) {
        return r.file().name().equals("loopx-mcp") ? mcpFile(r) : Optional.empty();
    }

    /**
     * Claude Code's {@code .mcp.json}: the manual step when LoopX wrote none, and once it is LoopX's,
     * that Claude Code asks to approve a project server and that the file is per-lane local state.
     */
    private Optional<Note> mcpFile(FileResult r) {
        InstallSlashCommands.Request request = result.request();
        String cliBin = request.cliBin();
        McpLane lane = request.mcpLane();
        String serve = cliBin + " mcp serve"
                + (lane.goalId() == null ? " --goal-id <goal-id> --agent-id <agent-id>" : " --goal-id " + lane.goalId())
                + (lane.agentId() == null ? "" : " --agent-id " + lane.agentId());
        if (r.owner().equals("user")) {
            return Optional.of(new Note(
                    "manual_step",
                    "your .mcp.json is left alone: add the server yourself with claude mcp add loopx -- " + serve));
        } else if (r.status() == FileStatus.SKIPPED_NO_LANE) {
            return Optional.of(new Note(
                    "manual_step",
                    "no MCP server registered: pass --goal-id G --agent-id A to bind one lane (or --mcp-unbound)"));
        } else if (request.action() == InstallSlashCommands.Action.INSTALL
                && switch (r.status()) {
                    case CREATED, UPDATED, UNCHANGED, WOULD_CREATE, WOULD_UPDATE -> true;
                    default -> false;
                }) {
            return Optional.of(new Note(
                    "note",
                    "Claude Code asks once to approve this project server (or list it in enabledMcpjsonServers);"
                            + " .mcp.json names this machine's launcher and one lane: keep it out of version control."
                            + " A second lane: claude mcp add loopx-<agent> -- " + cliBin
                            + " mcp serve --goal-id <goal-id> --agent-id <agent>"));
        }
        return Optional.empty();
    }

    void text(PrintWriter out) {
        InstallSlashCommands.Request request = result.request();
        out.println("slash-commands --" + request.action().wire()
                + (request.dryRun() ? " (dry run: nothing written)" : "")
                + (ok() ? "" : "  [" + CLI_UNAVAILABLE + "]"));
        if (!ok()) {
            out.println("  blocker " + CLI_UNAVAILABLE + ": " + blockerMessage(request.cliBin()));
            out.println("          fix: " + blockerFix(request.cliBin()));
        }
        for (FileResult r : result.files()) {
            out.printf(
                    "  %-26s %-12s %s/%s%n",
                    r.status().wire(),
                    r.file().surface().filesName(),
                    r.file().home(),
                    r.file().relativePath());
            note(r).filter(n -> n.field().equals("manual_step")).ifPresent(n -> out.println("      " + n.text()));
        }
    }
}
