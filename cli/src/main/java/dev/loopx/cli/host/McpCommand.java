package dev.loopx.cli.host;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx mcp …}: the Claude Code MCP server (SPEC §S13). */
@Command(
        name = "mcp",
        synopsisSubcommandLabel = "COMMAND",
        description = {"The LoopX MCP server for Claude Code (stdio). See docs/hosts/claude-code.md."})
public final class McpCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(McpCommand::new, McpCommand::subcommand, "serve");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "serve" -> new McpServeCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "mcp needs a subcommand: serve");
    }
}
