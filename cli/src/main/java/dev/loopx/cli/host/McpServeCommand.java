package dev.loopx.cli.host;

import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.ExitCodes;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.VersionInfo;
import dev.loopx.host.mcp.McpBinding;
import java.io.PrintStream;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx mcp serve}: runs the stdio MCP server until stdin closes. stdout carries only MCP
 * frames: while serving, {@code System.out} is pointed at stderr so nothing else can reach the
 * protocol stream. The SDK classes are loaded only here (through {@link McpServe}).
 */
@Command(
        name = "serve",
        description = {
            "Serve MCP over stdio with the tools should_run, claim_task, complete_task and host_prompt.",
            "Each tool call runs the LoopX command of the same name in this process and returns its JSON;",
            "missing identity or authority is a structured blocker (ok=false, error_code, fix command).",
            "Bind the server to one lane with --goal-id and --agent-id."
        },
        footer = {
            "",
            "Register with Claude Code:  claude mcp add loopx -- loopx mcp serve --goal-id g --agent-id builder"
        })
public final class McpServeCommand extends LoopxSubcommand {
    private static final Pattern CLI_BIN = Pattern.compile("[A-Za-z0-9_.][A-Za-z0-9_./-]{0,200}");

    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal every tool acts on.")
    String goalId;

    @Option(names = "--agent-id", paramLabel = "ID", description = "The agent (lane) every tool acts as.")
    String agentId;

    @Option(
            names = "--cli-bin",
            paramLabel = "NAME",
            description = "How fix commands name the LoopX CLI (default loopx).")
    String cliBin = "loopx";

    @Override
    protected int execute(CliContext context) throws InterruptedException {
        if (goalId != null) {
            IdOptions.requireGoalId(goalId);
        }
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        if (!CLI_BIN.matcher(cliBin).matches()) {
            throw CliError.badInput(
                    ErrorCode.INVALID_VALUE, "--cli-bin must be a program name or path without spaces or quotes");
        }
        context.explicitRuntimeRoot(); // a bad --runtime-root is exit 2 before serving
        PrintStream protocol = System.out;
        System.setOut(System.err);
        try {
            McpServe.run(
                    context,
                    new McpBinding(goalId == null ? "" : goalId, agentId == null ? "" : agentId, cliBin),
                    System.in,
                    protocol,
                    VersionInfo.version());
        } finally {
            System.setOut(protocol);
        }
        return ExitCodes.OK;
    }
}
