package dev.loopx.ledger.postgres;

import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMismatch;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.RepairableLedger;
import dev.loopx.ledger.RetryKey;
import dev.loopx.ledger.Salvage;
import dev.loopx.ledger.audit.Chain;
import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.lock.WriteLock;
import io.vavr.control.Either;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
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
public final class PostgresLedger implements RepairableLedger {
    private static final int PAGE = 512;
    /** The head, and the damage recorded for the ledger (ADR 0013): two primary-key lookups, one round trip. */
    private static final String HEAD_SQL = "SELECT h.seq, h.hash, d.first_bad_seq, d.problem FROM (SELECT 1) AS one"
            + " LEFT JOIN LATERAL (SELECT seq, hash FROM loopx_events WHERE ledger = ? ORDER BY seq DESC LIMIT 1) h"
            + " ON true LEFT JOIN loopx_ledger_damage d ON d.ledger = ?";
    /** A write's check (ADR 0013): the head row as stored, the hash of the row before it, the recorded damage. */
    private static final String TAIL_SQL = "SELECT h.seq, h.hash, d.first_bad_seq, d.problem, h.prev_hash, h.event_id,"
            + " h.envelope, (SELECT p.hash FROM loopx_events p WHERE p.ledger = h.ledger AND p.seq = h.seq - 1)"
            + " FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT ledger, seq, hash, prev_hash, event_id, envelope"
            + " FROM loopx_events WHERE ledger = ? ORDER BY seq DESC LIMIT 1) h ON true"
            + " LEFT JOIN loopx_ledger_damage d ON d.ledger = ?";
    /** Damage found, kept at the lowest seq any check found. */
    private static final String RECORD_DAMAGE_SQL = "INSERT INTO loopx_ledger_damage AS d"
            + " (ledger, first_bad_seq, found_by, problem) VALUES (?, ?, ?, ?) ON CONFLICT (ledger) DO UPDATE SET"
            + " found_by = CASE WHEN EXCLUDED.first_bad_seq < d.first_bad_seq THEN EXCLUDED.found_by ELSE d.found_by END,"
            + " problem = CASE WHEN EXCLUDED.first_bad_seq < d.first_bad_seq THEN EXCLUDED.problem ELSE d.problem END,"
            + " first_bad_seq = least(d.first_bad_seq, EXCLUDED.first_bad_seq)";

    private static final String KEEP_REPLACED_SQL = "INSERT INTO loopx_damaged_events (ledger, replaced_at, seq,"
            + " event_id, hash, prev_hash, envelope, committed_at) SELECT ledger, ?, seq, event_id, hash, prev_hash,"
            + " envelope, committed_at FROM loopx_events WHERE ledger = ?";
    private static final String INSERT_SQL =
            "INSERT INTO loopx_events (ledger, seq, event_id, hash, prev_hash, envelope) VALUES (?, ?, ?, ?, ?, ?)";
    private static final String RETRY_KEY_SQL = "INSERT INTO loopx_retry_keys (ledger, operation_id, intent_sha256,"
            + " first_seq, last_seq) VALUES (?, ?, ?, ?, ?) ON CONFLICT (ledger, operation_id) DO NOTHING";
    private static final String STORED_UNDER_SQL =
            "SELECT intent_sha256, first_seq, last_seq FROM loopx_retry_keys WHERE ledger = ? AND operation_id = ?";
    private static final String PAGE_SQL =
            "SELECT seq, envelope, hash FROM loopx_events WHERE ledger = ? AND seq >= ? ORDER BY seq LIMIT " + PAGE;

    private final PostgresSession session;
    private final String name;
    private final WriteLock lock;
    private final long stallInsideAppendMillis;
    /** The damage recorded for this ledger at the last head read; null before the first. */
    private Optional<LedgerDamage> recorded;

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
            ps.setString(2, name);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    recorded = Optional.empty();
                    return Head.EMPTY;
                }
                recorded = damageIn(rs);
                return headIn(rs);
            }
        }
    }

    /** Columns 1-2 of {@link #HEAD_SQL} and {@link #TAIL_SQL}: the head, or empty. */
    private static Head headIn(ResultSet rs) throws SQLException {
        long seq = rs.getLong(1);
        return rs.wasNull() ? Head.EMPTY : new Head(seq, rs.getString(2));
    }

    /** Columns 3-4 of {@link #HEAD_SQL} and {@link #TAIL_SQL}: the recorded damage, if any. */
    private static Optional<LedgerDamage> damageIn(ResultSet rs) throws SQLException {
        long firstBad = rs.getLong(3);
        if (rs.wasNull()) {
            return Optional.empty();
        }
        return Optional.of(LedgerDamage.from(firstBad - 1, firstBad, rs.getString(4)));
    }

    @Override
    public Optional<LedgerDamage> recordedDamage() {
        synchronized (session) {
            if (recorded == null) {
                head();
            }
            return recorded;
        }
    }

    @Override
    public void recordDamage(LedgerDamage damage, String foundBy) {
        synchronized (session) {
            try {
                record(session.connection(), damage.firstBadSeq(), foundBy, problemOf(damage));
            } catch (SQLException e) {
                throw session.failure("ledger_write_failed", "the damage found could not be recorded on the server", e);
            }
        }
    }

    private void record(Connection c, long firstBad, String foundBy, String problem) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(RECORD_DAMAGE_SQL)) {
            ps.setString(1, name);
            ps.setLong(2, firstBad);
            ps.setString(3, foundBy);
            ps.setString(4, problem);
            ps.executeUpdate();
        }
    }

    /** What went wrong, without the words every damage message starts with (they are added when read). */
    private static String problemOf(LedgerDamage damage) {
        String message = damage.getMessage();
        String prefix = LedgerDamage.DAMAGED + " from seq " + damage.firstBadSeq() + ": ";
        if (message.startsWith(prefix)) {
            return message.substring(prefix.length());
        }
        return message.startsWith(LedgerDamage.DAMAGED + ": ")
                ? message.substring(LedgerDamage.DAMAGED.length() + 2)
                : message;
    }

    /**
     * A write's check of what it appends to (ADR 0013), in the append's transaction under the lock:
     * damage recorded for the ledger refuses the write; so does a head row whose event does not
     * recompute, does not match its row, or does not continue the row before it (then it is recorded,
     * for every machine). Returns the head.
     */
    private Head checkedTail(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(TAIL_SQL)) {
            ps.setString(1, name);
            ps.setString(2, name);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Head.EMPTY;
                }
                Optional<LedgerDamage> known = damageIn(rs);
                if (known.isPresent()) {
                    throw known.get();
                }
                Head head = headIn(rs);
                if (head.seq() == 0) {
                    return head;
                }
                Optional<String> problem =
                        tailProblem(head, rs.getString(5), rs.getString(6), rs.getBytes(7), rs.getString(8));
                if (problem.isPresent()) {
                    record(c, head.seq(), "write", problem.get());
                    c.commit();
                    throw LedgerDamage.from(head.seq() - 1, head.seq(), problem.get() + "; nothing was written");
                }
                return head;
            }
        }
    }

    /** What is wrong with the head row, if anything: its event, its columns, its link to the row before. */
    private static Optional<String> tailProblem(
            Head head, String prevHash, String eventId, byte[] envelope, String hashBefore) {
        Recorded r;
        try {
            r = EnvelopeCodec.fromBytes(envelope);
        } catch (LedgerException | IllegalArgumentException e) {
            return Optional.of("seq " + head.seq() + " does not read as an event");
        }
        if (r.seq() != head.seq()
                || !r.hash().equals(head.hash())
                || !r.prevHash().equals(prevHash)
                || !r.eventId().equals(eventId)) {
            return Optional.of(
                    "seq " + head.seq() + "'s row does not match its event (seq, hash, prev_hash or event_id)");
        }
        if (!EnvelopeCodec.expectedEventId(r).equals(r.eventId())) {
            return Optional.of("seq " + head.seq() + " was modified (its event id does not match its content)");
        }
        String before = head.seq() == 1 ? Head.GENESIS_HASH : hashBefore;
        if (before == null) {
            return Optional.of("seq " + (head.seq() - 1) + " is missing");
        }
        return Chain.broken(r, new Head(head.seq() - 1, before));
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
            Head head = checkedTail(c);
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

    /**
     * Every row as stored (ADR 0013): an envelope that reads, recomputes its hash and event id and
     * names its row's seq is intact; anything else is damaged text. Read under no lock: a repair reads
     * it again under the lock before it replaces anything.
     */
    @Override
    public Salvage salvage(Optional<Head> acknowledged) {
        List<Salvage.Piece> pieces = new ArrayList<>();
        synchronized (session) {
            long from = 1;
            while (true) {
                int rows = 0;
                try (PreparedStatement ps = session.connection().prepareStatement(PAGE_SQL)) {
                    ps.setString(1, name);
                    ps.setLong(2, from);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            rows++;
                            from = rs.getLong(1) + 1;
                            pieces.add(piece(rs.getLong(1), rs.getBytes(2)));
                        }
                    }
                } catch (SQLException e) {
                    throw session.failure("ledger_unreadable", "the ledger could not be read", e);
                }
                if (rows < PAGE) {
                    return Salvage.of(pieces, acknowledged);
                }
            }
        }
    }

    private static Salvage.Piece piece(long seq, byte[] envelope) {
        try {
            Recorded r = EnvelopeCodec.fromBytes(envelope);
            if (r.seq() == seq
                    && EnvelopeCodec.expectedHash(r).equals(r.hash())
                    && EnvelopeCodec.expectedEventId(r).equals(r.eventId())) {
                return new Salvage.Piece.Intact(r);
            }
        } catch (LedgerException | IllegalArgumentException e) {
            // damaged text
        }
        return new Salvage.Piece.Damaged(new String(envelope, StandardCharsets.ISO_8859_1));
    }

    /**
     * One transaction under the ledger's lock (ADR 0013): the ledger's rows are copied into {@code
     * loopx_damaged_events} (kept, under the transaction's time), removed, replaced by {@code chain},
     * and the recorded damage is cleared. The transaction says it is a repair, so the server does not
     * record its own removals as damage. Nothing changes unless all of it commits.
     */
    @Override
    public String replaceWith(List<Recorded> chain) {
        try (WriteLock.Held held = lock.acquire()) {
            synchronized (session) {
                Connection c = session.connection();
                boolean began = false;
                try {
                    c.setAutoCommit(false);
                    began = true;
                    Timestamp at;
                    try (Statement s = c.createStatement();
                            ResultSet rs = s.executeQuery("SELECT now()")) {
                        rs.next();
                        at = rs.getTimestamp(1);
                        s.execute("SET LOCAL loopx.repair = 'on'");
                    }
                    try (PreparedStatement ps = c.prepareStatement(KEEP_REPLACED_SQL)) {
                        ps.setTimestamp(1, at);
                        ps.setString(2, name);
                        ps.executeUpdate();
                    }
                    try (PreparedStatement ps = c.prepareStatement("DELETE FROM loopx_events WHERE ledger = ?")) {
                        ps.setString(1, name);
                        ps.executeUpdate();
                    }
                    try (PreparedStatement ps = c.prepareStatement(INSERT_SQL)) {
                        for (Recorded r : chain) {
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
                    try (PreparedStatement ps =
                            c.prepareStatement("DELETE FROM loopx_ledger_damage WHERE ledger = ?")) {
                        ps.setString(1, name);
                        ps.executeUpdate();
                    }
                    c.commit();
                    recorded = Optional.empty();
                    return "the table loopx_damaged_events (ledger = '" + name + "', replaced_at = '" + at.toInstant()
                            + "')";
                } catch (SQLException e) {
                    Schema.rollbackQuietly(c);
                    throw session.failure(
                            "ledger_repair_failed", "the ledger's rows could not be replaced; nothing was changed", e);
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
                        if (!r.hash().equals(rs.getString(3))) {
                            // the row's hash is what the next append chains to: a changed one is damage
                            throw LedgerDamage.from(
                                    seq - 1, seq, "seq " + seq + "'s row does not match its event (hash)");
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
