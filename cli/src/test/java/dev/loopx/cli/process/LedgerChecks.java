package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Reads a runtime root through real {@code loopx ledger verify|replay} child processes and checks what they print. */
final class LedgerChecks {
    static final Duration READ_TIMEOUT = Duration.ofSeconds(60);

    private LedgerChecks() {}

    /** Connects {@code <workDir>/<name>} as a project with goal {@code goalId}; returns its runtime root. */
    static Path connect(ChildCli.Launcher cli, String name, String goalId) throws IOException {
        Path project = java.nio.file.Files.createDirectories(cli.workDir().resolve(name));
        ChildCli connect = cli.run(
                READ_TIMEOUT, "--format", "json", "connect", "--project", project.toString(), "--goal-id", goalId);
        assertEquals(0, connect.awaitExit(READ_TIMEOUT), connect.describe());
        assertTrue(connect.singleJsonDocument().path("ok").asBoolean(), connect.describe());
        return project.resolve(".loopx");
    }

    /** Starts {@code ledger verify} (so callers may run it alongside other readers). */
    static ChildCli startVerify(ChildCli.Launcher cli, Path root) {
        return cli.start("--runtime-root", root.toString(), "--format", "json", "ledger", "verify");
    }

    static ChildCli startReplay(ChildCli.Launcher cli, Path root) {
        return cli.start("--runtime-root", root.toString(), "--format", "json", "ledger", "replay");
    }

    /** {@code ledger verify} must exit 0 with {@code ok=true}; returns its document. */
    static JsonNode assertVerifyOk(ChildCli verify) {
        int code = verify.awaitExit(READ_TIMEOUT);
        JsonNode doc = verify.singleJsonDocument();
        assertEquals(0, code, "ledger verify must exit 0\n" + verify.describe());
        assertTrue(doc.path("ok").asBoolean(), "ledger verify must report ok\n" + verify.describe());
        return doc;
    }

    /** Every line of {@code ledger replay} parsed as one JSON envelope (a torn event fails here). */
    static List<JsonNode> replayed(ChildCli replay) {
        assertEquals(0, replay.awaitExit(READ_TIMEOUT), "ledger replay must exit 0\n" + replay.describe());
        List<JsonNode> events = new ArrayList<>();
        List<String> lines = replay.stdout().lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            try {
                JsonNode event = ChildCli.MAPPER.readTree(lines.get(i));
                if (event == null
                        || !event.isObject()
                        || !event.path("seq").canConvertToLong()
                        || !event.hasNonNull("hash")) {
                    fail("replay line " + (i + 1) + " is not an envelope: " + lines.get(i));
                }
                events.add(event);
            } catch (IOException e) {
                fail("replay line " + (i + 1) + " does not parse as JSON (torn event?): " + lines.get(i), e);
            }
        }
        return events;
    }

    /** The replayed seqs must be exactly 1..n, in order; returns n. */
    static long assertDenseFromOne(List<JsonNode> events) {
        for (int i = 0; i < events.size(); i++) {
            long seq = events.get(i).path("seq").asLong();
            if (seq != i + 1) {
                fail("replay seqs are not dense from 1: position " + (i + 1) + " holds seq " + seq);
            }
        }
        return events.size();
    }
}
