package dev.loopx.projections.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.OperationRecorded;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.QuotaSlotVoided;
import dev.loopx.ledger.event.RewardRecorded;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.ProjectionCatchUp;
import dev.loopx.projections.Projector;
import dev.loopx.projections.TodoHistories;
import dev.loopx.projections.audit.AuditFold;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows of point views carry their hash and are found through {@code views_h}; every other row
 * through {@code views_key}, and the idempotency index's entries through
 * {@code operation_events_h} — in a store written in place (one transaction per event, so point
 * rows are inserted and later rewritten) and in a rebuilt side file alike.
 */
class ViewLayoutTest {
    @TempDir
    Path dir;

    /**
     * Every point view gets rows, some rewritten by later events (writeback by its spend, spend by
     * its void); every event carries an operation id, and each {@code operation.recorded} names the
     * one before it (so it is indexed under two ids).
     */
    private static InMemoryLedger ledger() {
        List<LoopxEvent> events = new ArrayList<>(List.of(
                new GoalRegistered("objective", "app"),
                new AgentRegistered("a1", ""),
                new GoalConfigured(BigDecimal.TEN, 24, 30)));
        for (int i = 0; i < 40; i++) {
            long todo = events.size() + 1; // the seq of the todo below; its evidence comes next
            events.add(new TodoAdded(
                    "t" + i, "agent", "work " + i, "advancement_task", "P1", "", "", false, List.of(), "", ""));
            events.add(new EvidenceRecorded("a1", "outcome_progress", "did " + i));
            events.add(new QuotaSlotSpent("a1", 1, todo + 1));
            long spent = events.size();
            events.add(new TodoCompleted("t" + i, "evidence " + i, true, "", List.of()));
            if (i % 3 == 0) {
                events.add(new QuotaSlotVoided(spent, "mistake " + i));
            }
            events.add(
                    i % 2 == 0
                            ? new GateDecided("gate" + i, "approve", "green")
                            : new RewardRecorded("positive", "good", "", "", ""));
            events.add(new OperationRecorded("op-" + (events.size() - 1), "sha" + i, "todo add"));
        }
        InMemoryLedger ledger = new InMemoryLedger();
        for (int i = 0; i < events.size(); i++) {
            var proposed = TodoHistories.CODEC.propose(
                    events.get(i),
                    Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i),
                    "g1",
                    new Actor(ActorKind.OWNER, "o"),
                    "op-" + i);
            ledger.appendIfHead(i, List.of(proposed)).get();
        }
        return ledger;
    }

    @Test
    void pointRowsGoThroughTheirHashAndTheRestThroughTheirKey() throws SQLException {
        InMemoryLedger ledger = ledger();
        Path inPlace = dir.resolve("in-place.db");
        String expected;
        try (SqliteProjectionStore store = SqliteProjectionStore.open(inPlace)) {
            store.initialise(Projector.SCHEMA_VERSION);
            for (Decoded d : TodoHistories.decoded(ledger)) {
                store.apply(List.of(d), new Projector());
            }
            expected = store.canonicalDump();
        }
        Path side = dir.resolve("side.db");
        try (SqliteRebuildFile store = SqliteRebuildFile.open(side, RowIndex.MAX_SLOTS, 7)) {
            store.initialise(Projector.SCHEMA_VERSION);
            new ProjectionCatchUp(TodoHistories.CODEC, new Projector())
                    .catchUp(ledger, store, ProjectionCatchUp.Progress.NONE);
        }
        try (SqliteProjectionStore store = SqliteProjectionStore.open(side)) {
            assertEquals(expected, store.canonicalDump());
        }
        int events = TodoHistories.decoded(ledger).size();
        for (Path db : List.of(inPlace, side)) {
            try (SqliteProjectionStore store = SqliteProjectionStore.open(db)) {
                assertEquals(List.of(5L), store.operationEventSeqs("op-4"), "the event at seq 5 carries op-4");
                long named = TodoHistories.decoded(ledger).stream()
                        .filter(d -> d.event() instanceof OperationRecorded)
                        .findFirst()
                        .orElseThrow()
                        .seq(); // names the id of the event before it, too
                assertEquals(List.of(named - 1, named), store.operationEventSeqs("op-" + (named - 2)));
                assertEquals(List.of(), store.operationEventSeqs("op-none"));
            }
            try (Connection c = org.sqlite.JDBC.createConnection("jdbc:sqlite:" + db, new Properties());
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM operation_events")) {
                assertEquals(
                        events + 40, rs.getInt(1), db.getFileName() + ": one entry per event, and one more per record");
            }
        }
        for (Path db : List.of(inPlace, side)) {
            try (Connection c = org.sqlite.JDBC.createConnection("jdbc:sqlite:" + db, new Properties())) {
                Set<String> views = new TreeSet<>();
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT view, key, h FROM views")) {
                    while (rs.next()) {
                        String view = rs.getString(1);
                        views.add(view);
                        long h = rs.getLong(3);
                        boolean hashed = !rs.wasNull();
                        assertEquals(ViewLayout.isPoint(view), hashed, db.getFileName() + ": " + view);
                        if (hashed) {
                            assertEquals(ViewLayout.hash(view, rs.getString(2)), h);
                        }
                    }
                }
                assertTrue(views.containsAll(ViewLayout.POINT_VIEWS), "every point view has rows: " + views);
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery(
                                "SELECT count(*) FROM (SELECT 1 FROM views GROUP BY view, key HAVING count(*) > 1)")) {
                    assertEquals(0, rs.getInt(1), db.getFileName() + ": one row per key");
                }
                assertEquals("views_h", indexOf(c, "SELECT doc FROM views WHERE " + ViewLayout.POINT_KEY));
                assertEquals("operation_events_h", indexOf(c, OperationEvents.SEQS_OF_HASH));
                assertEquals("views_key", indexOf(c, "SELECT doc FROM views WHERE " + ViewLayout.RANGED_KEY));
                assertEquals(
                        "views_key",
                        indexOf(
                                c,
                                "SELECT key, doc FROM views WHERE view=? AND key>=? AND key<? AND h IS NULL ORDER BY key"));
            }
        }
    }

    @Test
    void aPointViewKeepsItsRows() {
        try (SqliteProjectionStore store = SqliteProjectionStore.open(dir.resolve("rows.db"))) {
            assertThrows(
                    IllegalStateException.class, () -> store.remove(AuditFold.GATE_VIEW, "g1/0000000000000000001"));
        }
    }

    /** The index SQLite's plan searches for {@code sql}, or the plan itself when it searches none. */
    private static String indexOf(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("EXPLAIN QUERY PLAN " + sql);
                ResultSet rs = ps.executeQuery()) {
            StringBuilder plan = new StringBuilder();
            while (rs.next()) {
                String detail = rs.getString(4);
                plan.append(detail).append('\n');
                int using = detail.indexOf(" USING INDEX ");
                if (detail.startsWith("SEARCH ") && using > 0) {
                    return detail.substring(using + " USING INDEX ".length()).split(" ")[0];
                }
            }
            return plan.toString();
        }
    }
}
