package dev.loopx.host.mcp;

import java.util.Objects;

/**
 * A tool call that lacks the identity, authority or argument shape to run: answered as a
 * {@code loopx_mcp_blocker_v0} document (ok=false, {@code error_code}, {@code message},
 * {@code fix_command}) rendered by the {@link McpToolBackend}; nothing ran.
 */
public record McpBlocker(String tool, String errorCode, String message, String fixCommand) {
    public McpBlocker {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(errorCode, "errorCode");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(fixCommand, "fixCommand");
    }
}
