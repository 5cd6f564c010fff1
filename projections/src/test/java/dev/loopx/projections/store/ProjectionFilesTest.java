package dev.loopx.projections.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.ProjectionCatchUp;
import dev.loopx.projections.Projector;
import dev.loopx.projections.TodoHistories;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rebuild replaces the store in one rename, and the old store's write-ahead log never reaches the new one. */
class ProjectionFilesTest {
    @TempDir
    Path root;

    @Test
    void aRebuildReplacesTheStoreAndDropsTheOldWriteAheadLog() throws Exception {
        InMemoryLedger ledger = TodoHistories.ledger(21, 3_000);
        String expected;
        try (SqliteProjectionStore plain = SqliteProjectionStore.open(root.resolve("expected.db"))) {
            plain.initialise(Projector.SCHEMA_VERSION);
            plain.apply(TodoHistories.decoded(ledger), new Projector());
            expected = plain.canonicalDump();
        }

        // An old store whose last commits are only in its -wal, left there as by a crashed process.
        ProjectionFiles files = new ProjectionFiles(root);
        Path db = files.dbFile();
        Path wal = root.resolve(ProjectionFiles.DB_FILE + "-wal");
        byte[] staleLog;
        try (Connection c = org.sqlite.JDBC.createConnection("jdbc:sqlite:" + db, new Properties());
                Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("PRAGMA wal_autocheckpoint=0");
            s.execute(
                    "CREATE TABLE views (n INTEGER PRIMARY KEY, view TEXT NOT NULL, key TEXT NOT NULL, doc TEXT NOT NULL)");
            s.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
            for (int i = 0; i < 200; i++) {
                s.execute("INSERT INTO views(view, key, doc) VALUES('stale', 'k" + i + "', '{\"padding\":\""
                        + "x".repeat(500) + "\"}')");
            }
            staleLog = Files.readAllBytes(wal);
        }
        Files.write(wal, staleLog);
        assertTrue(staleLog.length > 100_000, "the old store's log holds pages");
        Object oldFile = Files.getAttribute(db, "unix:ino");

        files.rebuild(
                ledger, new ProjectionCatchUp(TodoHistories.CODEC, new Projector()), ProjectionCatchUp.Progress.NONE);

        assertNotEquals(oldFile, Files.getAttribute(db, "unix:ino"), "the rebuilt file took the store's name");
        assertFalse(Files.exists(root.resolve(ProjectionFiles.DB_FILE + ".rebuild")), "no side file left");
        try (SqliteProjectionStore rebuilt = files.open()) {
            assertEquals(expected, rebuilt.canonicalDump());
            assertEquals(ledger.head(), rebuilt.checkpoint());
        }
        try (Connection c = org.sqlite.JDBC.createConnection("jdbc:sqlite:" + db, new Properties());
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM views WHERE view='stale'")) {
            assertTrue(rs.next());
            assertEquals(0, rs.getInt(1), "no page of the old log was replayed into the new store");
        }
    }
}
