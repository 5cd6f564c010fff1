package dev.loopx.host.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.vavr.control.Either;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * {@code loopx mcp serve} (SPEC §S13): a stdio MCP server on the official MCP Java SDK with the
 * tools {@code should_run}, {@code claim_task}, {@code complete_task} and {@code host_prompt}.
 * Each call is translated into one typed {@link McpToolCall} and run by the {@link McpToolBackend}
 * as the use case of the same name; its result is that use case's document (text content and
 * structured content), {@code isError} exactly when the answer has {@code ok=false}. Missing
 * identity or authority never throws: it is a {@code loopx_mcp_blocker_v0} result (see
 * {@link McpToolCalls}). So is every bad call: arguments that do not match the tool's input schema
 * ({@code invalid_tool_arguments}, checked here rather than by the SDK) and a tool LoopX does not
 * offer ({@code unknown_tool}, see {@link UnknownToolRouting}).
 *
 * <p>Only MCP frames are written to {@code out}; the SDK logs through SLF4J, which LoopX binds to
 * the no-op logger. This class is reachable only from the {@code mcp serve} command, so the SDK is
 * never loaded by other commands.
 */
public final class LoopxMcpServer {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DefaultJsonSchemaValidator SCHEMAS = new DefaultJsonSchemaValidator(MAPPER);
    private static final long QUIET_MS = 300;
    private static final long DRAIN_MS = 60_000;

    private LoopxMcpServer() {}

    /** Serves MCP over {@code in}/{@code out} until {@code in} ends; calls are serialised. */
    public static void serve(
            McpToolBackend backend, McpBinding binding, InputStream in, OutputStream out, String version)
            throws InterruptedException {
        CountDownLatch ended = new CountDownLatch(1);
        JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(MAPPER);
        StdioServerTransportProvider transport =
                new StdioServerTransportProvider(json, new EndSignal(new UnknownToolRouting(in, MAPPER), ended), out);
        Object lock = new Object();
        AtomicInteger inFlight = new AtomicInteger();
        McpSyncServer server = McpServer.sync(transport)
                .serverInfo("loopx", version)
                .jsonMapper(json)
                // Arguments are checked against the input schema in call() (invalid_tool_arguments),
                // not by the SDK, which would answer plain text without our structured blocker.
                .validateToolInputs(false)
                .addToolFilter((context, tool) -> !tool.name().equals(UnknownToolRouting.UNKNOWN_TOOL))
                .instructions(
                        "LoopX owns this goal's durable state. Call should_run first every turn; claim_task before "
                                + "working on a todo; complete_task with evidence when done; host_prompt for the per-turn rules.")
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(Stream.concat(McpTools.definitions(json).stream(), Stream.of(unknownTool(json)))
                        .map(tool -> SyncToolSpecification.builder()
                                .tool(tool)
                                .callHandler((exchange, request) -> {
                                    inFlight.incrementAndGet();
                                    try {
                                        synchronized (lock) {
                                            return route(backend, binding, tool, request.arguments());
                                        }
                                    } finally {
                                        inFlight.decrementAndGet();
                                    }
                                })
                                .build())
                        .toList())
                .build();
        try {
            ended.await();
            drain(inFlight);
        } finally {
            server.closeGracefully();
        }
    }

    /**
     * A client may close stdin right after its last request: let calls already dispatched finish
     * (quiet for {@link #QUIET_MS}, at most {@link #DRAIN_MS}) so their answers are written.
     */
    private static void drain(AtomicInteger inFlight) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DRAIN_MS);
        long quietSince = System.nanoTime();
        while (System.nanoTime() < deadline) {
            if (inFlight.get() > 0) {
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince >= TimeUnit.MILLISECONDS.toNanos(QUIET_MS)) {
                return;
            }
            Thread.sleep(50);
        }
    }

    /** The unlisted tool unknown tool calls are routed to ({@link UnknownToolRouting}). */
    private static McpSchema.Tool unknownTool(JacksonMcpJsonMapper json) {
        return McpSchema.Tool.builder()
                .name(UnknownToolRouting.UNKNOWN_TOOL)
                .description("Answers calls of tools LoopX does not offer (unknown_tool).")
                .inputSchema(json, "{\"type\":\"object\"}")
                .build();
    }

    /** A call of {@code tool}: the unknown-tool blocker, the schema check, then {@link #call}. */
    static McpSchema.CallToolResult route(
            McpToolBackend backend, McpBinding binding, McpSchema.Tool tool, Map<String, Object> arguments) {
        if (tool.name().equals(UnknownToolRouting.UNKNOWN_TOOL)) {
            Object requested = arguments == null ? null : arguments.get(UnknownToolRouting.REQUESTED);
            return result(backend.blocker(
                    McpToolCalls.unknownTool(requested instanceof String s && !s.isEmpty() ? s : "(none)", binding)));
        }
        var check = SCHEMAS.validate(tool.inputSchema(), arguments == null ? Map.of() : arguments);
        if (!check.valid()) {
            return result(backend.blocker(new McpBlocker(
                    tool.name(),
                    "invalid_tool_arguments",
                    "The arguments do not match the input schema of " + tool.name() + ": "
                            + schemaErrors(check.errorMessage()) + ". Nothing ran.",
                    binding.cliBin() + " mcp serve --help")));
        }
        return call(backend, binding, tool.name(), arguments);
    }

    /** The validator's findings without its own framing (it speaks of structured output). */
    static String schemaErrors(String message) {
        String text = message == null ? "" : message;
        int at = text.indexOf("errors:");
        return (at >= 0 ? text.substring(at + "errors:".length()) : text).trim();
    }

    /** One tool call: translate, run its use case once (or answer the blocker), wrap as a tool result. */
    static McpSchema.CallToolResult call(
            McpToolBackend backend, McpBinding binding, String tool, Map<String, Object> arguments) {
        Either<McpBlocker, McpToolCall> translated = McpToolCalls.translate(tool, arguments, binding);
        if (translated.isLeft()) {
            return result(backend.blocker(translated.getLeft()));
        }
        try {
            return result(backend.answer(translated.get()));
        } catch (RuntimeException e) {
            return result(backend.blocker(new McpBlocker(
                    tool,
                    "cli_unavailable",
                    "The LoopX CLI could not run (" + e.getClass().getSimpleName() + "); nothing was recorded.",
                    binding.cliBin() + " doctor")));
        }
    }

    private static McpSchema.CallToolResult result(ObjectNode answer) {
        boolean ok = answer.path("ok").asBoolean(false);
        return McpSchema.CallToolResult.builder()
                .addTextContent(answer.toString())
                .structuredContent(MAPPER.convertValue(answer, Map.class))
                .isError(!ok)
                .build();
    }

    /** Passes reads through and signals when the client closed stdin. */
    private static final class EndSignal extends FilterInputStream {
        private final CountDownLatch ended;

        EndSignal(InputStream in, CountDownLatch ended) {
            super(in);
            this.ended = ended;
        }

        @Override
        public int read() throws IOException {
            return signal(super.read());
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return signal(super.read(b, off, len));
        }

        private int signal(int n) {
            if (n < 0) {
                ended.countDown();
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            ended.countDown();
            super.close();
        }
    }
}
