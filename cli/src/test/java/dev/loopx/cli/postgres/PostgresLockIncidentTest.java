package dev.loopx.cli.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.cli.testing.PostgresProject;
import dev.loopx.ledger.postgres.PostgresServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer on a PostgreSQL ledger that cannot take the ledger's advisory lock within the deadline
 * (another machine holds it) is refused with lock_acquire_timeout, writes nothing, and leaves one
 * incident row in its own runtime root, as a writer on the file lock does (LockTimeoutTest).
 */
class PostgresLockIncidentTest {
    @TempDir
    Path sandbox;

    @Test
    void aWriterThatWaitsOutTheServerLockIsRefused_recordsOneIncident_andWritesNothing() throws Exception {
        PostgresServer server = PostgresServer.shared();
        PostgresProject connected = PostgresProject.connect(sandbox, server, "li");
        CliRunner cli = connected.cli();
        String ledger = connected.ledger();
        Path root = connected.root();
        long headBefore = head(cli, root);

        CliRunner.Result refused;
        long waited;
        try (Connection other = server.connect();
                Statement s = other.createStatement()) {
            s.execute("SELECT pg_advisory_lock(" + key("ledger:" + ledger) + ")"); // "another machine" holds it
            long t0 = System.nanoTime();
            refused = cli.run(
                    "--runtime-root",
                    root.toString(),
                    "--format",
                    "json",
                    "todo",
                    "add",
                    "--goal-id",
                    "g",
                    "--role",
                    "agent",
                    "--text",
                    "blocked write");
            waited = (System.nanoTime() - t0) / 1_000_000;
        }
        assertEquals(1, refused.exit(), refused.toString());
        assertEquals("lock_acquire_timeout", refused.json().path("error_code").asText(), refused.toString());
        assertTrue(waited >= 5000, "the writer waited out the 5 s deadline: " + waited + " ms");

        List<String> rows = Files.readAllLines(root.resolve("ledger.lock.incidents.jsonl"), StandardCharsets.UTF_8);
        assertEquals(1, rows.size(), rows.toString());
        JsonNode row = new ObjectMapper().readTree(rows.get(0));
        assertEquals("file_lock_incident_v0", row.path("schema_version").asText(), row.toString());
        assertEquals("postgresql advisory lock", row.path("lock").asText(), row.toString());
        assertEquals(ProcessHandle.current().pid(), row.path("pid").asLong(), row.toString());
        assertTrue(row.path("waited_ms").asLong() >= 5000, row.toString());
        assertEquals(headBefore, head(cli, root), "nothing was appended");
    }

    private static long head(CliRunner cli, Path root) {
        CliRunner.Result r = cli.run("--runtime-root", root.toString(), "--format", "json", "ledger", "verify");
        assertEquals(0, r.exit(), r.toString());
        return r.json().path("head_seq").asLong();
    }

    /** ADR 0006: the first 64 bits of SHA-256("loopx:" + name), the key AdvisoryLock takes. */
    private static long key(String name) throws Exception {
        byte[] d = MessageDigest.getInstance("SHA-256").digest(("loopx:" + name).getBytes(StandardCharsets.UTF_8));
        long k = 0;
        for (int i = 0; i < 8; i++) {
            k = (k << 8) | (d[i] & 0xff);
        }
        return k;
    }
}
