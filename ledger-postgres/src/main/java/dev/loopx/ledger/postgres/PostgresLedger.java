package dev.loopx.ledger.postgres;

import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMismatch;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.RetryKey;
import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.lock.WriteLock;
import io.vavr.control.Either;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The Ledger port on PostgreSQL: one ledger (by name) in the {@code loopx_events} table of a
 * database that many ledgers may share. An append is one transaction that reads the head and
 * inserts the sealed batch, under the ledger's advisory lock, so it is visible all at once or not
 * at all and acknowledged only after its commit (synchronous). Reads page through the primary key
 * and never take the lock; the head is one indexed query. Stored envelopes are the canonical JSON
 * bytes Chronicle stores, so the hash chain, exports and dumps are the same.
 */
public final class PostgresLedger implements Ledger {
    private static final int PAGE = 512;
    private static final String HEAD_SQL =
            "SELECT seq, hash FROM loopx_events WHERE ledger = ? ORDER BY seq DESC LIMIT 1";
    private static final String INSERT_SQL =
            "INSERT INTO loopx_events (ledger, seq, event_id, hash, prev_hash, envelope) VALUES (?, ?, ?, ?, ?, ?)";
    private static final String RETRY_KEY_SQL = "INSERT INTO loopx_retry_keys (ledger, operation_id, intent_sha256,"
            + " first_seq, last_seq) VALUES (?, ?, ?, ?, ?) ON CONFLICT (ledger, operation_id) DO NOTHING";
    private static final String STORED_UNDER_SQL =
            "SELECT intent_sha256, first_seq, last_seq FROM loopx_retry_keys WHERE ledger = ? AND operation_id = ?";
    private static final String PAGE_SQL =
            "SELECT seq, envelope FROM loopx_events WHERE ledger = ? AND seq >= ? ORDER BY seq LIMIT " + PAGE;

    private final PostgresSession session;
    private final String name;
    private final WriteLock lock;
    private final long stallInsideAppendMillis;

    PostgresLedger(PostgresSession session, String name, WriteLock lock) {
        this.session = session;
        this.name = name;
        this.lock = lock;
        this.stallInsideAppendMillis = Long.getLong("loopx.test.stallInsideAppendMillis", 0L);
    }

    @Override
    public Head head() {
        synchronized (session) {
            try {
                return head(session.connection());
            } catch (SQLException e) {
                throw session.failure("ledger_unreadable", "cannot read the ledger head", e);
            }
        }
    }

    private Head head(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(HEAD_SQL)) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? new Head(rs.getLong(1), rs.getString(2)) : Head.EMPTY;
            }
        }
    }

    @Override
    public Either<HeadMismatch, List<Recorded>> appendIfHead(long expectedHead, List<ProposedEvent> events) {
        return appendIfHead(expectedHead, events, RetryKey.NONE);
    }

    /**
     * Appends under {@code key} (an id made up here when it names none): the key, what the write
     * means and its seqs go into {@code loopx_retry_keys} in the append's transaction. A connection
     * lost after the commit was sent is {@link dev.loopx.ledger.WriteOutcomeUnknown} naming the key; so is every
     * later failure of this session to reach the server (the answer after a stored write).
     */
    @Override
    public Either<HeadMismatch, List<Recorded>> appendIfHead(
            long expectedHead, List<ProposedEvent> events, RetryKey key) {
        RetryKey sent = key.operationId().isEmpty() ? new RetryKey(RetryKeys.generate(), key.intentSha256()) : key;
        try (WriteLock.Held held = lock.acquire()) {
            synchronized (session) {
                return appendLocked(expectedHead, events, sent);
            }
        }
    }

    @Override
    public Optional<RetryKey.Stored> storedUnder(String operationId) {
        synchronized (session) {
            try (PreparedStatement ps = session.connection().prepareStatement(STORED_UNDER_SQL)) {
                ps.setString(1, name);
                ps.setString(2, operationId);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    List<Long> seqs = new ArrayList<>();
                    for (long seq = rs.getLong(2); seq <= rs.getLong(3); seq++) {
                        seqs.add(seq);
                    }
                    return Optional.of(new RetryKey.Stored(rs.getString(1), seqs));
                }
            } catch (SQLException e) {
                throw session.failure("ledger_unreadable", "cannot read the ledger's retry keys", e);
            }
        }
    }

    private Either<HeadMismatch, List<Recorded>> appendLocked(
            long expectedHead, List<ProposedEvent> events, RetryKey key) {
        Connection c = session.connection();
        boolean began = false;
        boolean commitSent = false;
        try {
            c.setAutoCommit(false);
            began = true;
            Head head = head(c);
            if (head.seq() != expectedHead) {
                c.rollback();
                return Either.left(new HeadMismatch(expectedHead, head.seq()));
            }
            if (events.isEmpty()) {
                c.rollback();
                return Either.right(List.of());
            }
            List<Recorded> sealed = EnvelopeCodec.sealAll(events, head);
            try (PreparedStatement ps = c.prepareStatement(INSERT_SQL)) {
                for (Recorded r : sealed) {
                    ps.setString(1, name);
                    ps.setLong(2, r.seq());
                    ps.setString(3, r.eventId());
                    ps.setString(4, r.hash());
                    ps.setString(5, r.prevHash());
                    ps.setBytes(6, EnvelopeCodec.toBytes(r));
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            try (PreparedStatement ps = c.prepareStatement(RETRY_KEY_SQL)) {
                ps.setString(1, name);
                ps.setString(2, key.operationId());
                ps.setString(3, key.intentSha256());
                ps.setLong(4, sealed.getFirst().seq());
                ps.setLong(5, sealed.getLast().seq());
                ps.executeUpdate();
            }
            if (stallInsideAppendMillis > 0) {
                System.err.println("loopx-test: inside append");
                System.err.flush();
                sleep(stallInsideAppendMillis);
            }
            commitSent = true;
            c.commit();
            session.committed(key.operationId());
            return Either.right(sealed);
        } catch (SQLException e) {
            if (commitSent && Failures.connectionLost(e)) {
                throw session.commitLost(key.operationId(), e);
            }
            Schema.rollbackQuietly(c);
            if ("23505".equals(e.getSQLState())
                    || (e.getNextException() != null
                            && "23505".equals(e.getNextException().getSQLState()))) {
                // Another writer inserted that seq (only possible without the lock): a stale head.
                Head now = head();
                return Either.left(new HeadMismatch(expectedHead, now.seq()));
            }
            throw session.failure(
                    "ledger_write_failed", "the ledger could not be written; nothing was acknowledged", e);
        } finally {
            if (began) {
                try {
                    c.setAutoCommit(true);
                } catch (SQLException ignored) {
                    // the connection is gone; the session is broken already
                }
            }
        }
    }

    @Override
    public EventCursor readFrom(long fromSeq) {
        return new PagedCursor(Math.max(1, fromSeq));
    }

    /** True when this ledger holds no event (a migration's target must be empty). */
    public boolean isEmpty() {
        return head().seq() == 0;
    }

    @Override
    public void close() {
        session.close();
    }

    private List<Recorded> page(long from) {
        synchronized (session) {
            try (PreparedStatement ps = session.connection().prepareStatement(PAGE_SQL)) {
                ps.setString(1, name);
                ps.setLong(2, from);
                List<Recorded> out = new ArrayList<>(PAGE);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        long seq = rs.getLong(1);
                        Recorded r = EnvelopeCodec.fromBytes(rs.getBytes(2));
                        if (r.seq() != seq) {
                            throw new LedgerException(
                                    "ledger_corrupt", "the stored event at seq " + seq + " carries seq " + r.seq());
                        }
                        out.add(r);
                    }
                }
                return out;
            } catch (SQLException e) {
                throw session.failure("ledger_unreadable", "the ledger could not be read", e);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Pages of {@value #PAGE} events by primary key, fetched as the cursor advances. */
    private final class PagedCursor implements EventCursor {
        private long next;
        private List<Recorded> batch = List.of();
        private int position;
        private boolean exhausted;

        PagedCursor(long from) {
            this.next = from;
        }

        @Override
        public boolean hasNext() {
            if (position < batch.size()) {
                return true;
            }
            if (exhausted) {
                return false;
            }
            batch = page(next);
            position = 0;
            if (batch.size() < PAGE) {
                exhausted = true;
            }
            if (!batch.isEmpty()) {
                next = batch.get(batch.size() - 1).seq() + 1;
            }
            return position < batch.size();
        }

        @Override
        public Recorded next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return batch.get(position++);
        }

        @Override
        public void close() {}
    }
}
