package dev.loopx.projections.store;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Entries of the idempotency index ({@link dev.loopx.projections.view.OperationIndex}) folded but
 * not yet in table {@code operation_events}: pairs of a hash and a seq, two {@code long}s each, in
 * fold order. The table is a rowid table written in that order, so a rebuild only ever appends to
 * it; its index on the hash is built with the views' ({@link ViewLayout#CREATE_INDEXES}).
 */
final class OperationEvents {
    static final String INSERT = "INSERT INTO operation_events(h, seq) VALUES(?,?)";
    /** Entries per grouped {@code INSERT}: one statement for many rows costs far less than one each ({@link UnindexedRows#INSERT_GROUP}). */
    static final int GROUP = 64;

    static final String INSERT_GROUP =
            "INSERT INTO operation_events(h, seq) VALUES" + String.join(",", Collections.nCopies(GROUP, "(?,?)"));
    static final String SEQS_OF_HASH = "SELECT seq FROM operation_events WHERE h=? ORDER BY seq";

    private long[] pairs = new long[128];
    private int size;

    void add(long hash, long seq) {
        if (size == pairs.length) {
            pairs = Arrays.copyOf(pairs, size * 2);
        }
        pairs[size++] = hash;
        pairs[size++] = seq;
    }

    void clear() {
        size = 0;
    }

    /** The queued pairs (hash, seq, hash, seq, …), and this queue empty again. */
    long[] take() {
        long[] taken = Arrays.copyOf(pairs, size);
        size = 0;
        return taken;
    }

    /** Appends the queued seqs under {@code hash} to {@code into}. */
    void seqsOf(long hash, List<Long> into) {
        for (int i = 0; i < size; i += 2) {
            if (pairs[i] == hash) {
                into.add(pairs[i + 1]);
            }
        }
    }

    /**
     * Inserts {@code pairs} (as {@link #take} gives them): {@link #GROUP} per {@code group}
     * statement, the rest by {@code single}.
     */
    static void insert(long[] pairs, PreparedStatement group, PreparedStatement single) throws SQLException {
        int whole = pairs.length / (2 * GROUP) * (2 * GROUP);
        for (int at = 0; at < whole; at += 2 * GROUP) {
            for (int i = 0; i < 2 * GROUP; i++) {
                group.setLong(i + 1, pairs[at + i]);
            }
            group.addBatch();
        }
        if (whole > 0) {
            group.executeBatch();
        }
        for (int at = whole; at < pairs.length; at += 2) {
            single.setLong(1, pairs[at]);
            single.setLong(2, pairs[at + 1]);
            single.addBatch();
        }
        if (whole < pairs.length) {
            single.executeBatch();
        }
    }
}
