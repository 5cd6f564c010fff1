package dev.loopx.projections.store;

import dev.loopx.projections.audit.AuditFold;
import dev.loopx.projections.quota.QuotaFold;
import dev.loopx.projections.view.Fmix64;
import dev.loopx.projections.view.OperationIndex;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * How rows are keyed in table {@code views(n, view, key, doc, h)}. A row of a view that is only
 * ever read by its key ({@link #POINT_VIEWS}: one row per spend, writeback, gate and reward) carries {@code h}, a 64-bit hash of its view and
 * key ({@link #hash}), and is found through index {@code views_h}; every other row has {@code h}
 * NULL and is found through the unique index {@code views_key} on {@code (view, key)}, which also
 * serves reads in key order (lists, ranges). Both indexes are partial, so each statement names
 * its side: {@code h=? AND view=? AND key=?}, or {@code view=? AND key=? AND h IS NULL}.
 *
 * <p>Why: a rebuild builds the indexes when its rows are in, and that sort was the last ~2.5 s of
 * a 1M-event rebuild, with one core mostly idle. Integers sort far cheaper than text keys (a copy
 * of the 1M bench store, sqlite3, two sorter threads: 2.7–3.0 s for one text index over 1.67M
 * rows, 1.7–1.9 s for a text index over the 0.34M ranged rows plus an integer index over the
 * rest). A point view read in key order anyway (the canonical dump) is scanned and sorted.
 *
 * <p>The idempotency index ({@link OperationIndex}) is a table of its own,
 * {@code operation_events(h, seq)}: two integers per event written under an operation id, found
 * through index {@code operation_events_h} (docs/adr/0005-operation-index.md).
 */
final class ViewLayout {
    /** Views read only by key (never listed nor ranged by a fold or query), whose rows are never removed. */
    static final Set<String> POINT_VIEWS =
            Set.of(AuditFold.GATE_VIEW, AuditFold.REWARD_VIEW, QuotaFold.SPEND_VIEW, QuotaFold.WRITEBACK_VIEW);

    /** The tables of the views and of the idempotency index. */
    static final List<String> CREATE_TABLES = List.of(
            "CREATE TABLE IF NOT EXISTS views (n INTEGER PRIMARY KEY, view TEXT NOT NULL, key TEXT NOT NULL, doc TEXT NOT NULL, h INTEGER)",
            "CREATE TABLE IF NOT EXISTS operation_events (h INTEGER NOT NULL, seq INTEGER NOT NULL)");
    /** The statements that give the tables their key indexes; every store has run them. */
    static final List<String> CREATE_INDEXES = List.of(
            "CREATE UNIQUE INDEX IF NOT EXISTS views_key ON views(view, key) WHERE h IS NULL",
            "CREATE INDEX IF NOT EXISTS views_h ON views(h) WHERE h IS NOT NULL",
            "CREATE INDEX IF NOT EXISTS operation_events_h ON operation_events(h)");

    /** The condition that finds one row of a point view: bound by {@link #bindPointKey}. */
    static final String POINT_KEY = "h=? AND view=? AND key=?";
    /** The condition that finds one row of any other view: view, then key. */
    static final String RANGED_KEY = "view=? AND key=? AND h IS NULL";

    private ViewLayout() {}

    static boolean isPoint(String view) {
        // the folds pass their view constants: the identity checks answer without hashing (a rebuild asks per row)
        return view == QuotaFold.SPEND_VIEW
                || view == QuotaFold.WRITEBACK_VIEW
                || view == AuditFold.GATE_VIEW
                || view == AuditFold.REWARD_VIEW
                || POINT_VIEWS.contains(view);
    }

    /**
     * The row hash of a point view's row: the strings' own hash codes (specified by the JLS, so
     * every version computes the same) mixed into 64 bits (murmur3's fmix64). Keys that share it
     * are told apart by the row's view and key.
     */
    static long hash(String view, String key) {
        return Fmix64.of(((long) view.hashCode() << 32) ^ (key.hashCode() & 0xffff_ffffL));
    }

    /** Binds {@code view}/{@code key} for {@link #POINT_KEY} or {@link #RANGED_KEY} from parameter {@code at}; the next one. */
    static int bindKey(PreparedStatement ps, int at, String view, String key) throws SQLException {
        if (isPoint(view)) {
            ps.setLong(at++, hash(view, key));
        }
        ps.setString(at++, view);
        ps.setString(at++, key);
        return at;
    }

    /** The condition for a key of {@code view}. */
    static String keyCondition(String view) {
        return isPoint(view) ? POINT_KEY : RANGED_KEY;
    }
}
