package dev.loopx.projections.store;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes rows of table {@code views} by key, through its key indexes ({@link ViewLayout}): what
 * the in-place store does with every batch, and a side file once its key index exists (before,
 * it writes by row id: {@link UnindexedRows}). {@link #write} queues, {@link #flush} runs the
 * queue in the caller's transaction. Not thread-safe.
 */
final class KeyedRows {
    private static final String UPSERT = "INSERT INTO views(view, key, doc) VALUES(?,?," + UnindexedRows.TEXT
            + ") ON CONFLICT(view, key) WHERE h IS NULL DO UPDATE SET doc=excluded.doc";
    private static final String DELETE = "DELETE FROM views WHERE " + ViewLayout.RANGED_KEY;
    /** A point view's row has no unique index: an update by key, then an insert if it found no row. */
    private static final String POINT_UPDATE =
            "UPDATE views SET doc=" + UnindexedRows.TEXT + " WHERE " + ViewLayout.POINT_KEY;

    private static final String POINT_INSERT =
            "INSERT INTO views(view, key, doc, h) VALUES(?,?," + UnindexedRows.TEXT + ",?)";
    private final ProjectionDb db;
    private boolean upsertsQueued;
    private boolean deletesQueued;
    /** Point rows queued for {@link #POINT_UPDATE}, in order: inserted by {@link #flush} when it changed nothing. */
    private final List<RowKey> pointKeys = new ArrayList<>();

    private final List<byte[]> pointDocs = new ArrayList<>();

    KeyedRows(ProjectionDb db) {
        this.db = db;
    }

    /** Queues one row's new text ({@code null}: the row is removed; a point view's rows never are, see {@code remove}). */
    void write(RowKey row, byte[] doc) throws SQLException {
        String view = row.view();
        String key = row.key();
        if (ViewLayout.isPoint(view)) {
            PreparedStatement update = db.statement(POINT_UPDATE);
            update.setBytes(1, doc);
            ViewLayout.bindKey(update, 2, view, key);
            update.addBatch();
            pointKeys.add(row);
            pointDocs.add(doc);
            return;
        }
        if (doc == null) {
            PreparedStatement delete = db.statement(DELETE);
            delete.setString(1, view);
            delete.setString(2, key);
            delete.addBatch();
            deletesQueued = true;
            return;
        }
        PreparedStatement upsert = db.statement(UPSERT);
        upsert.setString(1, view);
        upsert.setString(2, key);
        upsert.setBytes(3, doc);
        upsert.addBatch();
        upsertsQueued = true;
    }

    /** Runs the queued writes: upserts, deletes, then the point rows (updates, and inserts for those no update found). */
    void flush() throws SQLException {
        if (upsertsQueued) {
            upsertsQueued = false;
            db.statement(UPSERT).executeBatch();
        }
        if (deletesQueued) {
            deletesQueued = false;
            db.statement(DELETE).executeBatch();
        }
        if (!pointKeys.isEmpty()) {
            try {
                int[] updated = db.statement(POINT_UPDATE).executeBatch();
                PreparedStatement insert = db.statement(POINT_INSERT);
                boolean inserts = false;
                for (int i = 0; i < updated.length; i++) {
                    if (updated[i] == 0) {
                        RowKey k = pointKeys.get(i);
                        insert.setString(1, k.view());
                        insert.setString(2, k.key());
                        insert.setBytes(3, pointDocs.get(i));
                        insert.setLong(4, ViewLayout.hash(k.view(), k.key()));
                        insert.addBatch();
                        inserts = true;
                    }
                }
                if (inserts) {
                    insert.executeBatch();
                }
            } finally {
                pointKeys.clear();
                pointDocs.clear();
            }
        }
    }
}
