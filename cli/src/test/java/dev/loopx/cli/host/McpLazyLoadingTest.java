package dev.loopx.cli.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP SDK (and Reactor) load only under {@code loopx mcp serve}: a child JVM logs its class
 * loading, and other commands — including full help, which builds every command — never load them.
 */
class McpLazyLoadingTest {
    @TempDir
    Path sandbox;

    @Test
    void otherCommandsNeverLoadTheMcpSdk() throws Exception {
        assertFalse(loadsMcp("--help"), "loopx --help");
        assertFalse(loadsMcp("bootstrap-command-pack", "--project", ".", "--format", "json"), "bootstrap-command-pack");
    }

    @Test
    void mcpServeLoadsIt() throws Exception {
        assertTrue(loadsMcp("mcp", "serve"), "the positive control: serve loads the SDK");
    }

    private boolean loadsMcp(String... args) throws Exception {
        Path log = Files.createTempFile(sandbox, "classes", ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + log,
                "-cp",
                System.getProperty("java.class.path"),
                "dev.loopx.cli.Main"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command)
                .directory(Files.createDirectories(sandbox.resolve("work")).toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(sandbox.resolve("out.txt").toFile())
                .redirectError(sandbox.resolve("err.txt").toFile())
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child finished");
        assertEquals(0, p.exitValue(), Files.readString(sandbox.resolve("err.txt")));
        String classes = Files.readString(log);
        assertTrue(classes.contains("dev.loopx.cli.Main"), "the log covers our classes");
        return classes.contains("io.modelcontextprotocol.") || classes.contains("reactor.core.");
    }
}
