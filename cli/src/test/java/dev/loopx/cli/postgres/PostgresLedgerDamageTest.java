package dev.loopx.cli.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.cli.testing.PostgresProject;
import dev.loopx.ledger.postgres.PostgresServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, item 11 (ADR 0013): the rules of ADR 0011 and 0012 on a PostgreSQL ledger, against a
 * real server whose rows are edited with SQL as a person with a SQL console would. A row changed
 * under the chain is recorded by the server itself, refused by every write (nothing appended),
 * shown by {@code status}, {@code should-run} and {@code global-risks}, and repaired by {@code
 * ledger repair} keeping every intact event. A change made with the server's recording switched
 * off is still found: by the next write when it is the last row, by {@code ledger verify} (which
 * records it for every machine) when it is an earlier one.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PostgresLedgerDamageTest {
    @TempDir
    Path sandbox;

    private final PostgresServer server = PostgresServer.shared();
    private CliRunner cli;
    private String ledger;
    private String root;

    @BeforeEach
    void sixTasks() throws Exception {
        PostgresProject project = PostgresProject.connect(sandbox, server, "dmg");
        cli = project.cli();
        ledger = project.ledger();
        root = project.root().toString();
        assertEquals(
                0,
                cli.run("--runtime-root", root, "register-agent", "--goal-id", "g", "--agent-id", "a1", "--execute")
                        .exit());
        for (int i = 1; i <= 6; i++) {
            CliRunner.Result add = todoAdd("task number " + i);
            assertEquals(0, add.exit(), add::toString);
        }
    }

    private CliRunner.Result todoAdd(String text) {
        return cli.run("--runtime-root", root, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", text);
    }

    private CliRunner.Result run(String... args) {
        List<String> all = new ArrayList<>(List.of("--runtime-root", root));
        all.addAll(List.of(args));
        return cli.run(all.toArray(String[]::new));
    }

    @Test
    void aRowEditedWithSql_isRecordedRefusedShownAndRepairedKeepingEveryIntactEvent() throws Exception {
        long three = seqOf("task number 3");
        long head = count();
        int changed = sql("UPDATE loopx_events SET envelope = convert_to(replace(convert_from(envelope, 'UTF8'),"
                + " 'task number 3', 'task number 8'), 'UTF8') WHERE ledger = '" + ledger + "' AND seq = " + three);
        assertEquals(1, changed);
        assertEquals(three, recordedFirstBadSeq(), "the server recorded the change itself");

        CliRunner.Result write = todoAdd("after the damage");
        assertEquals(3, write.exit(), write::toString);
        assertEquals("ledger_damaged", write.json().get("error_code").asText());
        assertEquals(three, write.json().get("first_bad_seq").asLong());
        assertEquals("loopx ledger repair", write.json().get("hint").asText());
        assertEquals(head, count(), "nothing was appended");

        CliRunner.Result status = run("status", "--goal-id", "g");
        assertEquals(0, status.exit(), status::toString);
        JsonNode damage = status.json().get("ledger_damage");
        assertEquals(three, damage.get("first_bad_seq").asLong(), status.stdout());
        assertEquals("projections", damage.get("answered_from").asText());
        assertEquals(
                6, status.json().get("goals").get(0).get("counts").get("open").asInt(), "still answers");
        assertTrue(run("--format", "text", "status", "--goal-id", "g")
                .stdout()
                .startsWith("LEDGER DAMAGED from seq " + three));

        CliRunner.Result shouldRun =
                run("quota", "should-run", "--goal-id", "g", "--agent-id", "a1", "--runtime-profile", "codex_cli");
        assertEquals(0, shouldRun.exit(), shouldRun::toString);
        assertFalse(shouldRun.json().get("should_run").asBoolean());
        assertEquals("ledger_damaged", shouldRun.json().get("effective_action").asText());

        CliRunner.Result risks = cli.run("global-risks");
        JsonNode risk = risks.json().get("projects").get(0).get("risks").get(0);
        assertEquals("ledger_damaged", risk.get("kind").asText(), risks.stdout());
        assertEquals(three, risk.get("first_bad_seq").asLong());

        CliRunner.Result export =
                run("ledger", "export", sandbox.resolve("backup.jsonl").toString());
        assertEquals(3, export.exit(), export::toString);
        assertEquals("ledger_damaged", export.json().get("error_code").asText());

        CliRunner.Result verify = run("ledger", "verify");
        assertEquals(1, verify.exit(), verify::toString);
        assertEquals(three, verify.json().get("first_bad_seq").asLong());

        CliRunner.Result preview = run("ledger", "repair");
        assertEquals(1, preview.exit(), preview::toString);
        assertEquals(List.of(three), lostSeqs(preview.json()));
        assertEquals(head, count(), "a preview changes nothing");

        CliRunner.Result repaired = run("ledger", "repair", "--execute");
        assertEquals(0, repaired.exit(), repaired::toString);
        assertEquals(List.of(three), lostSeqs(repaired.json()));
        assertEquals(head, repaired.json().get("head_seq").asLong(), "every seq is kept");
        assertTrue(repaired.json().get("damaged_files_kept_at").asText().contains("loopx_damaged_events"));
        assertEquals(-1, recordedFirstBadSeq(), "the repair cleared the record");
        assertEquals(head, keptAside(), "the replaced rows are kept");
        for (int i = 1; i <= 6; i++) {
            if (i != 3) {
                assertEquals(1, seqs("task number " + i).size(), "intact task " + i + " kept");
            }
        }
        assertEquals("ledger.repaired", typeAt(three));

        assertEquals(0, run("ledger", "verify").exit());
        String dump = run("projections", "dump", "--canonical").stdout();
        assertEquals(0, run("projections", "rebuild").exit());
        assertEquals(dump, run("projections", "dump", "--canonical").stdout(), "the repaired store is a rebuild");
        CliRunner.Result after = todoAdd("after the repair");
        assertEquals(0, after.exit(), after::toString);
        assertEquals(head + 1, count(), "the write after the repair continues the new chain");
    }

    @Test
    void anotherMachinesRoot_seesTheDamageAtItsNextRead_andAfterTheRepairIsToldToRebuild() throws Exception {
        java.nio.file.Path other = java.nio.file.Files.createDirectories(sandbox.resolve("other-machine"));
        CliRunner.Result connected =
                cli.run("connect", "--project", other.toString(), "--goal-id", "g", "--ledger", server.url(ledger));
        assertEquals(0, connected.exit(), connected::toString);
        String otherRoot = other.resolve(".loopx").toString();
        assertEquals(
                0,
                cli.run("--runtime-root", otherRoot, "status", "--goal-id", "g").exit());

        long four = seqOf("task number 4");
        sql("UPDATE loopx_events SET envelope = convert_to(replace(convert_from(envelope, 'UTF8'),"
                + " 'task number 4', 'task number 0'), 'UTF8') WHERE ledger = '" + ledger + "' AND seq = " + four);
        CliRunner.Result status = cli.run("--runtime-root", otherRoot, "status", "--goal-id", "g");
        assertEquals(0, status.exit(), status::toString);
        assertEquals(
                four, status.json().get("ledger_damage").get("first_bad_seq").asLong(), status.stdout());
        CliRunner.Result write = cli.run(
                "--runtime-root", otherRoot, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "elsewhere");
        assertEquals(3, write.exit(), write::toString);
        assertEquals("ledger_damaged", write.json().get("error_code").asText());

        assertEquals(0, run("ledger", "repair", "--execute").exit());
        CliRunner.Result diverged = cli.run("--runtime-root", otherRoot, "status", "--goal-id", "g");
        assertEquals(1, diverged.exit(), diverged::toString);
        assertEquals("projection_diverged", diverged.json().get("error_code").asText());
        assertEquals(
                0,
                cli.run("--runtime-root", otherRoot, "projections", "rebuild").exit());
        CliRunner.Result after = cli.run("--runtime-root", otherRoot, "status", "--goal-id", "g");
        assertEquals(0, after.exit(), after::toString);
        assertTrue(after.json().path("ledger_damage").isMissingNode()
                || after.json().get("ledger_damage").isNull());
        assertEquals(
                5, after.json().get("goals").get(0).get("counts").get("open").asInt(), "task 4 was lost");
    }

    @Test
    void theLastRowChangedWithTheServersRecordingOff_isRefusedByTheNextWriteAndRecordedForEveryone() throws Exception {
        long last = count();
        unrecorded("UPDATE loopx_events SET envelope = convert_to(replace(convert_from(envelope, 'UTF8'),"
                + " 'task number 6', 'task number 9'), 'UTF8') WHERE ledger = '" + ledger + "' AND seq = " + last);
        assertEquals(-1, recordedFirstBadSeq(), "nothing recorded the change");

        CliRunner.Result write = todoAdd("on top of the change");
        assertEquals(3, write.exit(), write::toString);
        assertEquals("ledger_damaged", write.json().get("error_code").asText());
        assertEquals(last, count(), "nothing was appended");
        assertEquals(last, recordedFirstBadSeq(), "the write recorded what it found");

        CliRunner.Result status = run("status", "--goal-id", "g");
        assertEquals(
                last, status.json().get("ledger_damage").get("first_bad_seq").asLong(), status.stdout());

        CliRunner.Result repaired = run("ledger", "repair", "--execute");
        assertEquals(0, repaired.exit(), repaired::toString);
        assertEquals(List.of(last), lostSeqs(repaired.json()));
        assertEquals(0, run("ledger", "verify").exit());
        assertEquals(0, todoAdd("after the repair").exit());
    }

    @Test
    void anEarlierRowChangedWithTheServersRecordingOff_isFoundByVerifyAndThenShownEverywhere() throws Exception {
        long two = seqOf("task number 2");
        unrecorded("UPDATE loopx_events SET envelope = convert_to(replace(convert_from(envelope, 'UTF8'),"
                + " 'task number 2', 'task number 7'), 'UTF8') WHERE ledger = '" + ledger + "' AND seq = " + two);

        CliRunner.Result verify = run("ledger", "verify");
        assertEquals(1, verify.exit(), verify::toString);
        assertEquals(two, verify.json().get("first_bad_seq").asLong());
        assertEquals(two, recordedFirstBadSeq(), "verify recorded it on the server");

        CliRunner.Result write = todoAdd("after verify");
        assertEquals(3, write.exit(), write::toString);
        assertEquals(two, write.json().get("first_bad_seq").asLong());
        CliRunner.Result status = run("status", "--goal-id", "g");
        assertEquals(
                two, status.json().get("ledger_damage").get("first_bad_seq").asLong(), status.stdout());
    }

    @Test
    void aChangeThatTouchedNoEvent_isStillTheOwnersToClear_andItsRepairLosesNothing() throws Exception {
        sql("UPDATE loopx_events SET committed_at = committed_at WHERE ledger = '" + ledger + "' AND seq = 2");
        assertEquals(2, recordedFirstBadSeq());
        assertEquals(3, todoAdd("refused until the owner looks").exit());

        CliRunner.Result repaired = run("ledger", "repair", "--execute");
        assertEquals(0, repaired.exit(), repaired::toString);
        assertEquals(List.of(), lostSeqs(repaired.json()));
        assertEquals(-1, recordedFirstBadSeq());
        assertEquals(0, todoAdd("after the repair").exit());
    }

    private static List<Long> lostSeqs(JsonNode answer) {
        List<Long> seqs = new ArrayList<>();
        answer.get("lost_events").forEach(l -> seqs.add(l.get("seq").asLong()));
        return seqs;
    }

    private int sql(String statement) throws Exception {
        try (Connection c = server.connect();
                Statement s = c.createStatement()) {
            return s.executeUpdate(statement);
        }
    }

    /** {@code statement} with the server's recording of changes switched off (a table owner can; so can a superuser). */
    private void unrecorded(String statement) throws Exception {
        try (Connection c = server.connect();
                Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("ALTER TABLE loopx_events DISABLE TRIGGER loopx_events_changed");
            assertEquals(1, s.executeUpdate(statement));
            s.execute("ALTER TABLE loopx_events ENABLE TRIGGER loopx_events_changed");
            c.commit();
        }
    }

    private long count() throws Exception {
        return longOf("SELECT count(*) FROM loopx_events WHERE ledger = ?");
    }

    private long keptAside() throws Exception {
        return longOf("SELECT count(*) FROM loopx_damaged_events WHERE ledger = ?");
    }

    private long recordedFirstBadSeq() throws Exception {
        return longOf("SELECT coalesce(max(first_bad_seq), -1) FROM loopx_ledger_damage WHERE ledger = ?");
    }

    private long longOf(String query) throws Exception {
        try (Connection c = server.connect();
                PreparedStatement ps = c.prepareStatement(query)) {
            ps.setString(1, ledger);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private String typeAt(long seq) throws Exception {
        try (Connection c = server.connect();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT convert_from(envelope, 'UTF8') FROM loopx_events" + " WHERE ledger = ? AND seq = ?")) {
            ps.setString(1, ledger);
            ps.setLong(2, seq);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                String envelope = rs.getString(1);
                int at = envelope.indexOf("\"type\":\"") + 8;
                return envelope.substring(at, envelope.indexOf('"', at));
            }
        }
    }

    private long seqOf(String text) throws Exception {
        List<Long> found = seqs(text);
        assertEquals(1, found.size(), text);
        return found.getFirst();
    }

    private List<Long> seqs(String text) throws Exception {
        try (Connection c = server.connect();
                PreparedStatement ps = c.prepareStatement("SELECT seq FROM loopx_events WHERE ledger = ?"
                        + " AND position(? in convert_from(envelope, 'UTF8')) > 0 ORDER BY seq")) {
            ps.setString(1, ledger);
            ps.setString(2, text);
            List<Long> seqs = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    seqs.add(rs.getLong(1));
                }
            }
            return seqs;
        }
    }
}
