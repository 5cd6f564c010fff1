package dev.loopx.cli.host;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx mcp …}: the Claude Code MCP server (SPEC §S13). */
@Command(name = "mcp", synopsisSubcommandLabel = "COMMAND",
        description = {"The LoopX MCP server for Claude Code (stdio). See docs/hosts/claude-code.md."})
public final class McpCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new McpCommand());
        cl.addSubcommand("serve", new McpServeCommand());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "mcp needs a subcommand: serve");
    }
}
