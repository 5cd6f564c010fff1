package dev.loopx.host.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Runs MCP tool calls as LoopX use cases and renders their answers: the same application
 * services and the same {@code *_v0} documents as the CLI commands of the same names (the cli
 * module implements it). The server wraps each document as a tool result, {@code isError} exactly
 * when it has {@code ok=false}. Implementations must be safe to call from any thread.
 */
public interface McpToolBackend {
    /** The answer document of one call, refusals (ok=false) included. */
    ObjectNode answer(McpToolCall call);

    /** The document of a call that could not run. */
    ObjectNode blocker(McpBlocker blocker);
}
