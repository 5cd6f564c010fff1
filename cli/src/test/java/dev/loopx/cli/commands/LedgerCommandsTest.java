package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LedgerCommandsTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;

    @BeforeEach
    void connectAndWrite() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g2")
                        .exit());
        root = project.resolve(".loopx").toString();
        assertEquals(
                0,
                cli.run(
                                "--runtime-root",
                                root,
                                "configure-goal",
                                "--goal-id",
                                "g1",
                                "--quota-compute",
                                "0.5",
                                "--execute")
                        .exit());
        assertEquals(
                0,
                cli.run(
                                "--runtime-root",
                                root,
                                "--now",
                                "2026-03-02T00:00:00Z",
                                "configure-goal",
                                "--goal-id",
                                "g1",
                                "--quota-slot-minutes",
                                "5",
                                "--execute")
                        .exit());
    }

    @Test
    void verifyReportsAnIntactChain() {
        var result = cli.run("--runtime-root", root, "ledger", "verify");
        assertEquals(0, result.exit(), result::toString);
        assertEquals(
                6,
                result.json().get("events_checked").asInt()); // each connect: goal.registered + todo.sections_declared
        assertTrue(result.json().get("ok").asBoolean());
    }

    @Test
    void verifyNamesTheFirstBadSeqAndExitsOne() throws Exception {
        Path queue = Path.of(root, "ledger", "19700101F.cq4");
        byte[] bytes = Files.readAllBytes(queue);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("\"quota_slot_minutes\":5");
        bytes[at + "\"quota_slot_minutes\":".length()] = '6';
        Files.write(queue, bytes);
        var result = cli.run("--runtime-root", root, "ledger", "verify");
        assertEquals(1, result.exit(), result::toString);
        JsonNode doc = result.json();
        assertFalse(doc.get("ok").asBoolean());
        assertEquals(6, doc.get("first_bad_seq").asInt());
        assertEquals("ledger_verify_failed", doc.get("error_code").asText());
    }

    /**
     * ledger.head forged with a valid checksum over another hash (what remains when the last event
     * was rewritten with a recomputed hash): the next write refuses instead of sealing the change
     * into the chain and the marker, and verify keeps reporting it.
     */
    @Test
    void aWriteNeverHealsATamperedHead() {
        var head = new dev.loopx.ledger.HeadMarker(Path.of(root)).committed().orElseThrow();
        new dev.loopx.ledger.HeadMarker(Path.of(root))
                .markCommitted(new dev.loopx.ledger.Head(head.seq(), "ab".repeat(32)));
        assertEquals(1, cli.run("--runtime-root", root, "ledger", "verify").exit());
        Map<String, String> before = CliRunner.snapshot(Path.of(root, "ledger"));
        var write = cli.run(
                "--runtime-root",
                root,
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "agent",
                "--text",
                "after the forgery");
        // verify recorded what it found, so the write meets that record (ADR 0011); without it, the
        // write's own check says ledger_tampered
        assertTrue(write.exit() == 1 || write.exit() == 3, write::toString);
        assertTrue(
                List.of("ledger_tampered", "ledger_damaged")
                        .contains(write.json().get("error_code").asText()),
                write::toString);
        assertTrue(write.json().get("message").asText().contains("seq " + head.seq()), write::toString);
        assertEquals(before, CliRunner.snapshot(Path.of(root, "ledger")), "nothing appended");
        assertEquals(1, cli.run("--runtime-root", root, "ledger", "verify").exit(), "the evidence is still there");
    }

    @Test
    void replayPrintsStoredEnvelopesAndFilters() {
        List<JsonNode> all = cli.run("--runtime-root", root, "ledger", "replay").jsonLines();
        assertEquals(
                List.of(1, 2, 3, 4, 5, 6),
                all.stream().map(e -> e.get("seq").asInt()).toList());
        for (String field : List.of(
                "seq",
                "event_id",
                "type",
                "type_version",
                "recorded_at",
                "goal_id",
                "actor",
                "operation_id",
                "payload",
                "prev_hash",
                "hash")) {
            assertTrue(all.get(0).has(field), field);
        }
        assertEquals(
                List.of(3, 4),
                cli.run("--runtime-root", root, "ledger", "replay", "--goal-id", "g2").jsonLines().stream()
                        .map(e -> e.get("seq").asInt())
                        .toList());
        assertEquals(
                List.of(2, 3),
                cli.run("--runtime-root", root, "ledger", "replay", "--from", "2", "--to", "3").jsonLines().stream()
                        .map(e -> e.get("seq").asInt())
                        .toList());
        assertEquals(
                5,
                cli.run("--runtime-root", root, "ledger", "replay", "--until", "2026-03-01T23:00:00+00:00")
                        .jsonLines()
                        .size());
    }

    @Test
    void exportThenImportReproducesTheLedgerAndItsProjections() throws Exception {
        Path file = sandbox.resolve("export.jsonl");
        var exported = cli.run("--runtime-root", root, "ledger", "export", file.toString());
        assertEquals(0, exported.exit(), exported::toString);
        assertEquals(6, exported.json().get("events").asInt());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        String newRoot = sandbox.resolve("elsewhere/.loopx").toString();
        var imported = cli.run("--runtime-root", newRoot, "ledger", "import", file.toString());
        assertEquals(0, imported.exit(), imported::toString);
        assertEquals(6, imported.json().get("appended").asInt());
        assertEquals(
                cli.run("--runtime-root", root, "ledger", "replay").stdout(),
                cli.run("--runtime-root", newRoot, "ledger", "replay").stdout());
        assertEquals(
                cli.run("--runtime-root", root, "projections", "dump", "--canonical")
                        .stdout(),
                cli.run("--runtime-root", newRoot, "projections", "dump", "--canonical")
                        .stdout());
        var again = cli.run("--runtime-root", newRoot, "ledger", "import", file.toString());
        assertEquals(0, again.exit(), "importing the same file again appends nothing");
        assertEquals(0, again.json().get("appended").asInt());
    }

    @Test
    void importRefusesABrokenChainAndWritesNothing() throws Exception {
        Path file = sandbox.resolve("export.jsonl");
        cli.run("--runtime-root", root, "ledger", "export", file.toString());
        List<String> lines = Files.readAllLines(file);
        Files.write(sandbox.resolve("broken.jsonl"), List.of(lines.get(0), lines.get(2), lines.get(1), lines.get(3)));
        String newRoot = sandbox.resolve("elsewhere/.loopx").toString();
        Files.createDirectories(Path.of(newRoot));
        Map<String, String> before = CliRunner.snapshot(sandbox.resolve("elsewhere"));
        var result = cli.run(
                "--runtime-root",
                newRoot,
                "ledger",
                "import",
                sandbox.resolve("broken.jsonl").toString());
        assertEquals(1, result.exit(), result::toString);
        assertEquals("import_chain_broken", result.json().get("error_code").asText());
        assertEquals(2, result.json().get("first_bad_seq").asInt());
        var text = cli.run(
                "--format",
                "text",
                "--runtime-root",
                newRoot,
                "ledger",
                "import",
                sandbox.resolve("broken.jsonl").toString());
        assertEquals(1, text.exit(), text::toString);
        assertTrue(
                text.stdout().startsWith("import refused, nothing appended: the file's chain breaks at seq 2: "),
                text::toString);
        var head = cli.run("--runtime-root", newRoot, "ledger", "verify");
        assertEquals(0, head.json().get("events_checked").asInt());
        assertTrue(before.size()
                <= CliRunner.snapshot(sandbox.resolve("elsewhere")).size());
    }

    @Test
    void importIntoALedgerWithOtherEventsIsRefused() throws Exception {
        Path file = sandbox.resolve("export.jsonl");
        cli.run("--runtime-root", root, "ledger", "export", file.toString());
        Path other = Files.createDirectories(cli.workingDirectory().resolve("other"));
        cli.run("connect", "--project", other.toString(), "--goal-id", "x");
        var result = cli.run("--runtime-root", other.resolve(".loopx").toString(), "ledger", "import", file.toString());
        assertEquals(1, result.exit(), result::toString);
        assertEquals("ledger_not_empty", result.json().get("error_code").asText());
    }
}
