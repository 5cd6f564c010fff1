package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ADR 0001 (durability through the JDK) and issue 7: a CLI write never builds Chronicle's JNR
 * POSIX layer. chronicle-core warms that layer up when it initialises (outside JUnit, hence a
 * child JVM here), and its default sync mode calls {@code msync} through it whenever a mapped
 * file is released; LoopX syncs with {@code FileChannel.force} instead. Checked with a class-load
 * log of a real {@code todo add} that appends (and, the second time, appends to an existing
 * journal, which is reopened for writing). The same write never builds Jackson's ObjectMapper.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class WritePathNativeLayerProcessTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @TempDir
    Path temp;

    private ChildCli.Launcher cli;
    private String root;

    @BeforeEach
    void setUp() {
        cli = new ChildCli.Launcher(temp);
        root = cli.workDir().resolve("app").resolve(".loopx").toString();
    }

    @AfterEach
    void tearDown() {
        cli.close();
    }

    @Test
    void todoAdd_appendsWithoutLoadingJnr() throws Exception {
        Path project = Files.createDirectories(cli.workDir().resolve("app"));
        cli.run(TIMEOUT, "connect", "--project", project.toString(), "--goal-id", "demo-goal")
                .assertExit(0, TIMEOUT);

        for (String text : List.of("first todo", "second todo")) {
            Path log = temp.resolve(text.replace(' ', '-') + "-classes.log");
            ChildCli add = cli.runWithJvmOptions(
                    TIMEOUT,
                    List.of(
                            "-Xlog:class+load=info:file=" + log,
                            "-Xlog:class+init=info:file=" + log.resolveSibling(log.getFileName() + ".init")),
                    "--runtime-root",
                    root,
                    "todo",
                    "add",
                    "--goal-id",
                    "demo-goal",
                    "--role",
                    "agent",
                    "--text",
                    text);
            add.assertExit(0, TIMEOUT);
            JsonNode answer = add.singleJsonDocument();
            assertTrue(answer.path("changed").asBoolean(), add.describe());
            assertEquals(1, answer.at("/receipt/appended").asInt(), add.describe());

            String classes = Files.readString(log);
            assertTrue(
                    classes.contains("net.openhft.chronicle.queue.impl.single.SingleChronicleQueue "),
                    "the log covers Chronicle Queue");
            List<String> jnr = classes.lines()
                    .filter(l -> l.contains(" jnr.")
                            || l.contains("com.kenai.jffi")
                            || l.contains("net.openhft.posix.internal.jnr"))
                    .toList();
            // nor builds Jackson's ObjectMapper (ADR 0003: its introspection costs a cold JVM ~15 ms;
            // the answer's todo and the last envelope are written and read by hand)
            String initialised = Files.readString(log.resolveSibling(log.getFileName() + ".init"));
            assertTrue(initialised.contains("Initializing 'dev/loopx/ledger/json/Json'"), "the log covers Json");
            assertFalse(
                    initialised.contains("Initializing 'dev/loopx/ledger/json/Json$Mapper'"),
                    "a todo add built Jackson's ObjectMapper");
            assertEquals(
                    0,
                    jnr.size(),
                    "a write loaded " + jnr.size() + " classes of Chronicle's JNR POSIX layer, e.g. "
                            + jnr.stream().limit(3).toList());
        }
    }
}
