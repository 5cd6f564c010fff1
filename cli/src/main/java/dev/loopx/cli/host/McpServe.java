package dev.loopx.cli.host;

import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.Environment;
import dev.loopx.host.mcp.CliBackend;
import dev.loopx.host.mcp.LoopxMcpServer;
import dev.loopx.host.mcp.McpBinding;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/**
 * Wires the MCP server to the CLI: every tool call runs the whole command line in this process
 * ({@link CliContext#runner()}, i.e. {@code Cli.run}) with captured writers ({@link InProcess}), so results are byte for byte what the command prints.
 * Kept apart from {@link McpServeCommand} so picocli's reflection never loads the MCP SDK.
 */
public final class McpServe {
    private McpServe() {}

    static void run(
            CliContext context,
            String goalId,
            String agentId,
            String cliBin,
            List<String> globals,
            InputStream in,
            OutputStream out,
            String version)
            throws InterruptedException {
        LoopxMcpServer.serve(
                new InProcess(context.runner(), context.environment(), context.err()),
                new McpBinding(goalId, agentId, cliBin, globals),
                in,
                out,
                version);
    }

    /** {@link CliBackend} over the in-process command line; stderr of each call goes to the server's stderr. */
    public record InProcess(CliContext.Runner runner, Environment environment, PrintWriter err) implements CliBackend {
        @Override
        public Result run(List<String> args) {
            StringWriter out = new StringWriter();
            int exit = runner.run(args.toArray(String[]::new), new PrintWriter(out, true), err, environment);
            err.flush();
            return new Result(exit, out.toString());
        }
    }
}
