package dev.loopx.projections.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.ToIntBiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rebuild's staged rows must answer exactly like rows written straight into {@code views}. */
class StagedRowsTest {
    private static final int KEYS = 50;
    @TempDir
    Path dir;

    private Connection open() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("side.db"));
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE views (view TEXT NOT NULL, key TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (view, key)) WITHOUT ROWID");
        }
        return c;
    }

    private static Map<String, String> views(Connection c) throws SQLException {
        Map<String, String> rows = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT view, key, doc FROM views ORDER BY view, key")) {
            while (rs.next()) {
                rows.put(rs.getString(1) + "|" + rs.getString(2), rs.getString(3));
            }
        }
        return rows;
    }

    /** Random puts, overwrites, removes and early merges against a map, with a hash that collides all the time. */
    private void behavesLikeAMap(ToIntBiFunction<String, String> hash, long seed) throws SQLException {
        Random random = new Random(seed);
        Map<String, String> expected = new TreeMap<>();
        try (Connection c = open()) {
            StagedRows staged = StagedRows.attach(c, dir.resolve("side.db-staged"), hash);
            for (int round = 0; round < 25; round++) {
                Map<String, Boolean> touched = new TreeMap<>();   // each key at most once per flush
                for (int i = 0; i < 30; i++) {
                    String view = "v" + random.nextInt(3);
                    String key = "k" + random.nextInt(KEYS);
                    if (touched.putIfAbsent(view + "|" + key, true) != null) {
                        continue;
                    }
                    if (random.nextInt(4) == 0) {
                        staged.remove(view, key);
                        expected.remove(view + "|" + key);
                    } else {
                        String doc = "{\"r\":" + round + ",\"i\":" + i + "}";
                        staged.put(view, key, doc);
                        expected.put(view + "|" + key, doc);
                    }
                }
                staged.flush();
                if (random.nextInt(10) == 0) {
                    staged.mergeIntoViews();
                }
                Map<String, String> merged = views(c);
                for (int v = 0; v < 3; v++) {
                    for (int k = 0; k < KEYS; k++) {
                        String id = "v" + v + "|k" + k;
                        Optional<String> doc = staged.doc("v" + v, "k" + k);
                        if (doc.isEmpty() && staged.merged()) {
                            doc = Optional.ofNullable(merged.get(id));
                        }
                        assertEquals(Optional.ofNullable(expected.get(id)), doc, id + " after round " + round);
                    }
                }
            }
            staged.mergeIntoViews();
            staged.close();
            assertEquals(expected, views(c));
        }
        assertFalse(Files.exists(dir.resolve("side.db-staged")), "the scratch file is deleted");
    }

    @Test
    void keysThatAllShareOneHash_areStillTellApart() throws SQLException {
        behavesLikeAMap((view, key) -> 7, 1);
    }

    @Test
    void keysThatShareAFewHashes_andEarlyMerges_giveTheRowsOfAPlainStore() throws Exception {
        behavesLikeAMap((view, key) -> (view.length() + key.length()) % 3, 2);
        Files.deleteIfExists(dir.resolve("side.db"));
        behavesLikeAMap(StagedRows::hash, 3);
    }

    @Test
    void anIndexNeverGrowsPastItsCap() {
        RowIndex index = new RowIndex();
        int added = 0;
        while (index.hasRoom()) {
            index.add(StagedRows.hash("v", Integer.toString(added)), added + 1);
            added++;
        }
        assertEquals(RowIndex.MAX_SLOTS / 5 * 3, added);
        assertEquals(added, index.find(StagedRows.hash("v", Integer.toString(added - 1)), id -> true));
        index.clear();
        assertTrue(index.hasRoom());
        assertEquals(0, index.find(StagedRows.hash("v", "0"), id -> true));
    }
}
