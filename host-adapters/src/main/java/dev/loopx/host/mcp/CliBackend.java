package dev.loopx.host.mcp;

import java.util.List;
import java.util.Objects;

/**
 * Runs one LoopX CLI invocation and returns what it printed. The MCP server translates every
 * tool call into exactly one invocation through this port, so tool results are the CLI's own JSON
 * (the cli module implements it in-process; tests may run a child process). Implementations must
 * be safe to call from any thread.
 */
@FunctionalInterface
public interface CliBackend {
    /** {@code args} are the arguments after the program name; JSON output is requested by the caller. */
    Result run(List<String> args);

    /** One invocation's exit code and stdout (exactly one JSON document for every LoopX command). */
    record Result(int exitCode, String stdout) {
        public Result {
            Objects.requireNonNull(stdout, "stdout");
        }
    }
}
