package dev.loopx.host.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The stdio input of {@code loopx mcp serve}, one JSON-RPC message per line (the MCP stdio framing).
 * The MCP Java SDK answers a {@code tools/call} for a tool it does not know with JSON-RPC error
 * -32602 before any handler runs; LoopX answers every bad call with its structured blocker instead.
 * So a {@code tools/call} whose {@code name} is not one of {@link McpToolCalls#TOOLS} is routed to
 * the unlisted tool {@link #UNKNOWN_TOOL}, with the requested name as its only argument; its handler
 * answers the {@code unknown_tool} blocker. Every other line passes through byte for byte.
 */
final class UnknownToolRouting extends InputStream {
    /** The unlisted tool that answers calls of unknown tools (hidden from {@code tools/list}). */
    static final String UNKNOWN_TOOL = "loopx_unknown_tool";
    /** Its argument: the tool name the client asked for ({@code ""} when it named none). */
    static final String REQUESTED = "requested_tool";

    private static final int MAX_NAME = 100;

    private final InputStream in;
    private final ObjectMapper mapper;
    private byte[] line = new byte[0];
    private int at;
    private boolean ended;

    UnknownToolRouting(InputStream in, ObjectMapper mapper) {
        this.in = in;
        this.mapper = mapper;
    }

    @Override
    public int read() throws IOException {
        if (!fill()) {
            return -1;
        }
        return line[at++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, line.length - at);
        System.arraycopy(line, at, b, off, n);
        at += n;
        return n;
    }

    @Override
    public int available() {
        return line.length - at;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** Makes sure unread bytes are buffered: reads (and routes) the next line when needed. */
    private boolean fill() throws IOException {
        if (at < line.length) {
            return true;
        }
        if (ended) {
            return false;
        }
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            buffer.write(c);
            if (c == '\n') {
                break;
            }
        }
        if (c < 0) {
            ended = true;
        }
        if (buffer.size() == 0) {
            return false;
        }
        line = route(buffer.toByteArray());
        at = 0;
        return true;
    }

    private byte[] route(byte[] raw) {
        String text = new String(raw, StandardCharsets.UTF_8);
        JsonNode message;
        try {
            message = mapper.readTree(text);
        } catch (IOException e) {
            return raw; // not JSON: the SDK answers the parse error
        }
        if (!(message instanceof ObjectNode object)
                || !"tools/call".equals(message.path("method").asText(null))) {
            return raw;
        }
        JsonNode params = object.path("params");
        JsonNode name = params.path("name");
        if (name.isTextual() && McpToolCalls.TOOLS.contains(name.asText())) {
            return raw;
        }
        String requested = name.isTextual() ? name.asText() : "";
        if (requested.length() > MAX_NAME) {
            requested = requested.substring(0, MAX_NAME);
        }
        ObjectNode routed = mapper.createObjectNode();
        if (params.has("_meta")) {
            routed.set("_meta", params.get("_meta"));
        }
        routed.put("name", UNKNOWN_TOOL);
        routed.putObject("arguments").put(REQUESTED, requested);
        object.set("params", routed);
        boolean newline = text.endsWith("\n");
        return (object.toString() + (newline ? "\n" : "")).getBytes(StandardCharsets.UTF_8);
    }
}
