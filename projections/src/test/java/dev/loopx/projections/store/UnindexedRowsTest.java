package dev.loopx.projections.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.event.Decoded;
import dev.loopx.projections.ProjectionCatchUp;
import dev.loopx.projections.Projector;
import dev.loopx.projections.TodoHistories;
import dev.loopx.projections.view.OperationIndex;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.ToIntBiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rebuild's side file fills {@code views} without its key index: its rows must answer exactly
 * like a keyed table, and the finished store must hold the same views as one caught up event by
 * event — also when the row index fills up and the key index is built in the middle of a batch.
 */
class UnindexedRowsTest {
    private static final int KEYS = 50;

    @TempDir
    Path dir;

    private Connection open(String name) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(name));
        try (Statement s = c.createStatement()) {
            for (String table : ViewLayout.CREATE_TABLES) {
                s.execute(table);
            }
        }
        return c;
    }

    private static Map<String, String> views(Connection c) throws SQLException {
        Map<String, String> rows = new TreeMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT view, key, doc, typeof(doc) FROM views")) {
            while (rs.next()) {
                assertEquals("text", rs.getString(4), "documents are bound as UTF-8 bytes and stored as text");
                assertEquals(
                        null, rows.put(rs.getString(1) + "|" + rs.getString(2), rs.getString(3)), "one row per key");
            }
        }
        return rows;
    }

    private static byte[] utf8(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Random puts, overwrites and removes against a map, with a hash that collides all the time. */
    private void behavesLikeAMap(ToIntBiFunction<String, String> hash, long seed) throws SQLException {
        Random random = new Random(seed);
        Map<String, String> expected = new TreeMap<>();
        try (Connection c = open("rows-" + seed + ".db")) {
            UnindexedRows rows = new UnindexedRows(c, hash, RowIndex.MAX_SLOTS);
            for (int round = 0; round < 25; round++) {
                Map<String, Boolean> touched = new TreeMap<>(); // each key at most once per flush
                for (int i = 0; i < 30; i++) {
                    String view = "v" + random.nextInt(3);
                    String key = "k" + random.nextInt(KEYS);
                    if (touched.putIfAbsent(view + "|" + key, true) != null) {
                        continue;
                    }
                    if (random.nextInt(4) == 0) {
                        rows.remove(view, key);
                        expected.remove(view + "|" + key);
                    } else {
                        String doc = "{\"r\":" + round + ",\"i\":" + i + ",\"s\":\"é 漢\"}";
                        assertTrue(rows.put(view, key, utf8(doc)));
                        expected.put(view + "|" + key, doc);
                    }
                }
                rows.flush();
                for (int v = 0; v < 3; v++) {
                    for (int k = 0; k < KEYS; k++) {
                        String id = "v" + v + "|k" + k;
                        assertEquals(
                                Optional.ofNullable(expected.get(id)),
                                rows.doc("v" + v, "k" + k),
                                id + " after round " + round);
                    }
                }
                assertEquals(expected, views(c));
            }
            rows.createIndex();
            assertTrue(rows.indexed());
            assertThrows(IllegalStateException.class, () -> rows.doc("v0", "k0"), "done once the key index exists");
            rows.close();
            assertEquals(expected, views(c));
            String some = expected.keySet().iterator().next();
            try (Statement s = c.createStatement()) {
                assertThrows(
                        SQLException.class,
                        () -> s.execute(
                                "INSERT INTO views(view, key, doc) VALUES('" + some.replace("|", "','") + "', '{}')"),
                        "the index keeps (view, key) unique");
            }
        }
    }

    @Test
    void keysThatAllShareOneHash_areStillToldApart() throws SQLException {
        behavesLikeAMap((view, key) -> 7, 1);
    }

    @Test
    void keysThatShareAFewHashes_giveTheRowsOfAKeyedTable() throws SQLException {
        behavesLikeAMap((view, key) -> (view.length() + key.length()) % 3, 2);
        behavesLikeAMap(UnindexedRows::hash, 3);
    }

    @Test
    void aFullRowIndexRefusesNewKeysButStillUpdatesKnownOnes() throws SQLException {
        try (Connection c = open("full.db")) {
            UnindexedRows rows = new UnindexedRows(c, UnindexedRows::hash, 16); // room for 9 rows
            int added = 0;
            while (rows.put("v", "k" + added, utf8("{}"))) {
                added++;
            }
            assertEquals(9, added);
            rows.flush(); // each key at most once per flush
            assertTrue(rows.put("v", "k0", utf8("{\"again\":true}")), "a known key is an update, not a new entry");
            rows.flush();
            assertEquals(9, views(c).size());
            assertEquals(Optional.of("{\"again\":true}"), rows.doc("v", "k0"));
            rows.close();
        }
    }

    @Test
    void anIndexNeverGrowsPastItsCap() {
        RowIndex index = new RowIndex();
        int added = 0;
        while (index.hasRoom()) {
            index.add(UnindexedRows.hash("v", Integer.toString(added)), added + 1);
            added++;
        }
        assertEquals(RowIndex.MAX_SLOTS / 5 * 3, added);
        assertEquals(added, index.find(UnindexedRows.hash("v", Integer.toString(added - 1)), id -> true));
        index.clear();
        assertTrue(index.hasRoom());
        assertEquals(0, index.find(UnindexedRows.hash("v", "0"), id -> true));
    }

    private static List<Decoded> history(long seed, int events) {
        return TodoHistories.decoded(TodoHistories.ledger(seed, events));
    }

    private static void fold(SqliteViews store, List<Decoded> history, int batch) {
        Projector projector = new Projector();
        store.initialise(Projector.SCHEMA_VERSION);
        for (int from = 0; from < history.size(); from += batch) {
            store.apply(history.subList(from, Math.min(history.size(), from + batch)), projector);
        }
        store.close();
    }

    private static String dump(Path db) {
        try (SqliteProjectionStore store = SqliteProjectionStore.open(db)) {
            return store.canonicalDump();
        }
    }

    @Test
    void aSideFileHoldsTheViewsOfAStoreCaughtUpEventByEvent_alsoWhenItsRowIndexFillsMidBatch() {
        for (long seed = 1; seed <= 3; seed++) {
            List<Decoded> history = history(seed, 400);
            Path plain = dir.resolve("plain-" + seed + ".db");
            Path side = dir.resolve("side-" + seed + ".db");
            Path small = dir.resolve("small-" + seed + ".db");
            fold(SqliteProjectionStore.open(plain), history, 1);
            Path handedOver = dir.resolve("handed-" + seed + ".db");
            Path smallHandedOver = dir.resolve("small-handed-" + seed + ".db");
            fold(SqliteRebuildFile.open(side), history, 37);
            fold(
                    SqliteRebuildFile.open(small, 64, ProjectionCatchUp.BATCH_SIZE),
                    history,
                    37); // ~38 rows, then the key index
            // the writer thread gets a batch every ~2 applies: rows rewritten while the batch before is being written
            fold(SqliteRebuildFile.open(handedOver, RowIndex.MAX_SLOTS, 50), history, 37);
            fold(SqliteRebuildFile.open(smallHandedOver, 512, 50), history, 37); // ~300 rows by id, then by key
            String expected = dump(plain);
            assertTrue(
                    expected.contains("\"" + OperationIndex.VIEW + "\""),
                    "the history writes idempotency-index entries");
            assertEquals(expected, dump(side), "seed " + seed);
            assertEquals(expected, dump(small), "seed " + seed + ", key index built early");
            assertEquals(expected, dump(handedOver), "seed " + seed + ", many hand-overs");
            assertEquals(expected, dump(smallHandedOver), "seed " + seed + ", many hand-overs, key index built early");
        }
    }

    @Test
    void aSideFileMustStartEmpty() {
        Path side = dir.resolve("used.db");
        fold(SqliteRebuildFile.open(side), history(4, 20), 5);
        assertThrows(IllegalStateException.class, () -> SqliteRebuildFile.open(side));
        assertFalse(dump(side).isEmpty());
    }
}
