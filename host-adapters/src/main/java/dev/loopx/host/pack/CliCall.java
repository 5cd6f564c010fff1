package dev.loopx.host.pack;

import dev.loopx.host.shell.ShellWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One command a host should run: the program ({@code loopx}, or {@code claude} for the MCP
 * registration) and its arguments. Rendered both as an argument array (for hosts that spawn
 * processes) and as one POSIX-shell-quoted line (for people and shell runners).
 */
public record CliCall(Program program, List<String> args) {
    public enum Program {
        LOOPX,
        CLAUDE_MCP_ADD
    }

    public CliCall {
        Objects.requireNonNull(program, "program");
        args = List.copyOf(args);
    }

    public static CliCall loopx(List<String> args) {
        return new CliCall(Program.LOOPX, args);
    }

    /** {@code claude mcp add loopx -- <cli> <args>}: registers the LoopX MCP server with Claude Code. */
    public static CliCall claudeMcpAdd(List<String> loopxArgs) {
        return new CliCall(Program.CLAUDE_MCP_ADD, loopxArgs);
    }

    /** The whole argument vector, program first. */
    public List<String> argv(String cliBin) {
        List<String> argv = new ArrayList<>();
        if (program == Program.CLAUDE_MCP_ADD) {
            argv.addAll(List.of("claude", "mcp", "add", "loopx", "--"));
        }
        argv.add(cliBin);
        argv.addAll(args);
        return argv;
    }

    /** One shell line ({@link ShellWords#join}): words with anything but safe characters are single-quoted. */
    public String line(String cliBin) {
        return ShellWords.join(argv(cliBin));
    }
}
