package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ARCHITECTURE "Chronicle Queue, configured for a CLI" and STYLE 8: a CLI run writes nothing
 * under the user's home (Chronicle would by default) and prints exactly one JSON document on
 * stdout (no banner from Chronicle's announcer).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class NoSideEffectsProcessTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path temp;

    private ChildCli.Launcher cli;
    private Path home;

    @BeforeEach
    void setUp() throws IOException {
        home = Files.createDirectories(temp.resolve("empty-home"));
        Path loopxHome = Files.createDirectories(temp.resolve("elsewhere-loopx-home"));
        cli = new ChildCli.Launcher(temp)
                .env("HOME", home.toString())
                .property("user.home", home.toString())
                .env("LOOPX_HOME", loopxHome.toString());
    }

    @AfterEach
    void tearDown() {
        cli.close();
    }

    @Test
    void connectAndAppend_leaveTheHomeFolderEmpty_andPrintExactlyOneJsonDocument() throws Exception {
        Path project = Files.createDirectories(cli.workDir().resolve("project"));
        ChildCli connect = cli.run(TIMEOUT, "connect", "--project", project.toString(), "--goal-id", "quiet-goal");
        connect.assertExit(0, TIMEOUT);
        JsonNode connectDoc = connect.singleJsonDocument();
        assertEquals("loopx_connect_v0", connectDoc.path("schema_version").asText(), connect.describe());

        ChildCli append = cli.run(
                TIMEOUT,
                "--runtime-root",
                project.resolve(".loopx").toString(),
                "debug",
                "append-load",
                "--goal-id",
                "quiet-goal",
                "--count",
                "1",
                "--writer",
                "1");
        append.assertExit(0, TIMEOUT);
        JsonNode appendDoc = append.singleJsonDocument();
        assertEquals(
                "loopx_debug_append_load_v0", appendDoc.path("schema_version").asText(), append.describe());
        // connect appended goal.registered + todo.sections_declared (seqs 1-2)
        assertEquals(3, appendDoc.path("last_seq").asLong(), append.describe());

        List<String> appeared = listRecursively(home);
        assertTrue(
                appeared.stream()
                        .noneMatch(
                                p -> p.matches(".*\\.cq4.*") || p.toLowerCase().contains("chronicle")),
                "Chronicle files appeared under HOME: " + appeared);
        assertEquals(List.of(), appeared, "the CLI wrote under HOME");
    }

    private static List<String> listRecursively(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> !p.equals(dir))
                    .map(p -> dir.relativize(p).toString())
                    .sorted()
                    .toList();
        }
    }
}
