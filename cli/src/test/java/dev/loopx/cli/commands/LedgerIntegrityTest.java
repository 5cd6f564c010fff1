package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35 items 1, 2 and 8 through the CLI (ADR 0011), as a new user tried them: a byte changed
 * inside an earlier event, then a write (refused, nothing appended), the reads (they say so, with
 * the first bad seq and the repair command, and keep answering from the projections), the global
 * risks, and the commands that serve events onward (rebuild and export refuse the forged event).
 */
class LedgerIntegrityTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;

    @BeforeEach
    void tenEvents() throws IOException {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx").toString();
        assertEquals(
                0,
                cli.run("--runtime-root", root, "register-agent", "--goal-id", "g1", "--agent-id", "a1", "--execute")
                        .exit());
        for (int i = 1; i <= 6; i++) {
            var add = todoAdd("task number " + i);
            assertEquals(0, add.exit(), add::toString);
        }
    }

    private CliRunner.Result todoAdd(String text) {
        return cli.run("--runtime-root", root, "todo", "add", "--goal-id", "g1", "--role", "agent", "--text", text);
    }

    private Path queue() {
        return Path.of(root, "ledger", "19700101F.cq4");
    }

    /** One character of an earlier event's text changed in place, as an editor or a bad disk would. */
    private void changeTaskThree() throws IOException {
        String text = new String(Files.readAllBytes(queue()), StandardCharsets.ISO_8859_1);
        int at = text.indexOf("task number 3");
        assertTrue(at > 0);
        try (RandomAccessFile f = new RandomAccessFile(queue().toFile(), "rw")) {
            f.seek(at + "task number ".length());
            f.write('8');
        }
    }

    @Test
    void soundWritesAndReadsNeverCheckTheWholeJournal() {
        for (int i = 0; i < 3; i++) {
            assertEquals(0, todoAdd("more " + i).exit());
            assertEquals(
                    0,
                    cli.run("--runtime-root", root, "status", "--goal-id", "g1").exit());
        }
        assertFalse(Files.exists(Path.of(root, "ledger.check")), "no command had to check by content");
    }

    @Test
    void damageIsRefusedByWritesAndShownByEveryRead() throws IOException {
        changeTaskThree();
        Map<String, String> journal = CliRunner.snapshot(Path.of(root, "ledger"));
        long firstBad = cli.run("--runtime-root", root, "ledger", "verify")
                .json()
                .get("first_bad_seq")
                .asLong();
        assertTrue(firstBad > 0);

        var write = todoAdd("after the damage");
        assertEquals(3, write.exit(), write::toString);
        JsonNode refused = write.json();
        assertEquals("ledger_damaged", refused.get("error_code").asText());
        assertEquals(firstBad, refused.get("first_bad_seq").asLong());
        assertEquals("loopx ledger repair", refused.get("hint").asText());
        assertEquals(journal, CliRunner.snapshot(Path.of(root, "ledger")), "nothing was appended");

        var status = cli.run("--runtime-root", root, "status", "--goal-id", "g1");
        assertEquals(0, status.exit(), status::toString);
        JsonNode damage = status.json().get("ledger_damage");
        assertEquals(firstBad, damage.get("first_bad_seq").asLong());
        assertEquals("loopx ledger repair", damage.get("repair_command").asText());
        assertEquals("projections", damage.get("answered_from").asText());
        assertEquals(
                6, status.json().get("goals").get(0).get("counts").get("open").asInt(), "still answers");
        var text = cli.run("--runtime-root", root, "--format", "text", "status", "--goal-id", "g1");
        assertTrue(text.stdout().startsWith("LEDGER DAMAGED from seq " + firstBad), text.stdout());

        var shouldRun = cli.run(
                "--runtime-root",
                root,
                "quota",
                "should-run",
                "--goal-id",
                "g1",
                "--agent-id",
                "a1",
                "--runtime-profile",
                "codex_cli");
        assertEquals(0, shouldRun.exit(), shouldRun::toString);
        JsonNode decision = shouldRun.json();
        assertFalse(decision.get("should_run").asBoolean());
        assertEquals("ledger_damaged", decision.get("effective_action").asText());
        assertTrue(decision.get("reason").asText().contains("from seq " + firstBad), decision.toString());
        JsonNode contract = decision.get("interaction_contract");
        assertTrue(
                contract.get("user_channel").get("action_required").asBoolean()
                        || contract.get("user_channel").get("notify").asText().equals("NOTIFY"),
                contract.toString());
        assertEquals(
                "loopx ledger repair",
                contract.get("cli_channel").get("next_cli_actions").get(0).asText());

        var risks = cli.run("global-risks");
        JsonNode risk = risks.json().get("projects").get(0).get("risks").get(0);
        assertEquals("ledger_damaged", risk.get("kind").asText(), risks.stdout());
        assertEquals(firstBad, risk.get("first_bad_seq").asLong());
        assertEquals("loopx ledger repair", risk.get("fix").asText());

        var rebuild = cli.run("--runtime-root", root, "projections", "rebuild");
        assertEquals(3, rebuild.exit(), rebuild::toString);
        assertEquals("ledger_damaged", rebuild.json().get("error_code").asText());
        assertEquals(firstBad, rebuild.json().get("first_bad_seq").asLong());

        Path backup = sandbox.resolve("backup.jsonl");
        var export = cli.run("--runtime-root", root, "ledger", "export", backup.toString());
        assertEquals(3, export.exit(), export::toString);
        assertEquals(firstBad, export.json().get("first_bad_seq").asLong());
        assertFalse(Files.exists(backup), "no backup that import would refuse");
        assertEquals(journal, CliRunner.snapshot(Path.of(root, "ledger")));
    }
}
