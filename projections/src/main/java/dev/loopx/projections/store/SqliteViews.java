package dev.loopx.projections.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.CanonicalDump;
import dev.loopx.projections.ProjectionStore;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.OperationIndex;
import java.io.IOException;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What the two SQLite stores share above their file ({@link ProjectionDb}): the {@link
 * dev.loopx.projections.view.Views} a fold reads and writes, checkpoint and schema version, keys
 * in order and the canonical dump. A fold's writes are staged — the records themselves, JSON
 * trees, or {@link #REMOVED} — and read back before they reach the file; each store decides when
 * they do ({@link SqliteProjectionStore}: in the batch's transaction; {@link SqliteRebuildFile}:
 * on its writer thread) and what else it knows of a row without SQL ({@link #staged}). Rows of a
 * point view ({@link ViewLayout#POINT_VIEWS}) are written and rewritten, never removed. Called by
 * one thread (a side file's writer thread touches only the file, under the side file's lock).
 */
abstract sealed class SqliteViews implements ProjectionStore permits SqliteProjectionStore, SqliteRebuildFile {
    /** Staged for a key removed during the batch. */
    static final Object REMOVED = new Object();

    final ProjectionDb db;
    /** Documents written in the current batch (view records or JSON trees), read back before they are written. */
    private Map<RowKey, Object> pending = new HashMap<>();
    /** Idempotency-index entries folded in the current batch (in a table of their own: {@link ViewLayout}). */
    final OperationEvents pendingOperations = new OperationEvents();

    SqliteViews(ProjectionDb db) {
        this.db = db;
    }

    /** Before the file answers: everything folded so far is in it. */
    abstract void settle();

    /** Before a read in key order (a range, every key, the dump, the idempotency index): settled, and the key index exists. */
    abstract void indexKeys();

    /** What this store knows of a row without SQL: {@code null} when nothing, {@link #REMOVED} when it is removed. */
    abstract Object staged(RowKey k);

    /** The written text of a row. */
    abstract Optional<String> storedText(String view, String key);

    /** A record {@link #read} got from the file (a store may keep it for the rest of its batch). */
    void cacheRead(RowKey k, Object record) {}

    final Object pending(RowKey k) {
        return pending.get(k);
    }

    final Map<RowKey, Object> pendingRows() {
        return pending;
    }

    /** The staged rows, and an empty stage for the next ones. */
    final Map<RowKey, Object> takePending() {
        Map<RowKey, Object> rows = pending;
        pending = new HashMap<>();
        return rows;
    }

    final void discardPending() {
        pending.clear();
        pendingOperations.clear();
    }

    @Override
    public final Head checkpoint() {
        settle();
        return db.checkpoint();
    }

    @Override
    public final int schemaVersion() {
        settle();
        return db.schemaVersion();
    }

    /** Marks a new (empty) store as built by this code version. */
    public final void initialise(int schemaVersion) {
        endRead();
        settle();
        try {
            db.putSchemaVersion(schemaVersion);
        } catch (SQLException e) {
            throw ProjectionDb.failure(e);
        }
    }

    @Override
    public final Optional<JsonNode> get(String view, String key) {
        Object staged = staged(new RowKey(view, key));
        if (staged == REMOVED) {
            return Optional.empty();
        }
        if (staged != null) {
            return Optional.of(tree(staged));
        }
        return storedText(view, key).map(SqliteViews::parse);
    }

    @Override
    public final <T> Optional<T> read(String view, String key, Class<T> type) {
        RowKey k = new RowKey(view, key);
        Object staged = staged(k);
        if (staged == REMOVED) {
            return Optional.empty();
        }
        if (staged != null) {
            return Optional.of(typed(staged, type));
        }
        Optional<T> found = storedText(view, key).map(text -> Documents.decode(text, type));
        found.ifPresent(record -> cacheRead(k, record));
        return found;
    }

    @Override
    public final List<JsonNode> list(String view, String keyPrefix) {
        return range(view, keyPrefix, keyPrefix + "\uffff");
    }

    @Override
    public final List<JsonNode> range(String view, String fromKey, String toKey) {
        return scan(view, fromKey, toKey, SqliteViews::parse, SqliteViews::tree);
    }

    @Override
    public final <T> List<T> readList(String view, String keyPrefix, Class<T> type) {
        return readRange(view, keyPrefix, keyPrefix + "\uffff", type);
    }

    @Override
    public final <T> List<T> readRange(String view, String fromKey, String toKey, Class<T> type) {
        return scan(view, fromKey, toKey, text -> Documents.decode(text, type), staged -> typed(staged, type));
    }

    /** The written rows in key order, with this batch's writes over them. */
    private <T> List<T> scan(
            String view, String fromKey, String toKey, Function<String, T> fromText, Function<Object, T> fromStaged) {
        if (fromKey.compareTo(toKey) >= 0) {
            return List.of();
        }
        indexKeys();
        TreeMap<String, T> found = db.docs(view, fromKey, toKey, fromText);
        if (!pending.isEmpty()) {
            pending.forEach((k, v) -> {
                if (k.view().equals(view)) {
                    String key = k.key();
                    if (key.compareTo(fromKey) >= 0 && key.compareTo(toKey) < 0) {
                        if (v == REMOVED) {
                            found.remove(key);
                        } else {
                            found.put(key, fromStaged.apply(v));
                        }
                    }
                }
            });
        }
        return List.copyOf(found.values());
    }

    @Override
    public final void put(String view, String key, JsonNode document) {
        pending.put(new RowKey(view, key), document.deepCopy());
    }

    /** Keeps the record itself until it is written: a later read in the batch gets it back without JSON. */
    @Override
    public final void write(String view, String key, Object record) {
        pending.put(new RowKey(view, key), Objects.requireNonNull(record, "record"));
    }

    /** Rows of a point view ({@link ViewLayout#POINT_VIEWS}) are written and rewritten, never removed. */
    @Override
    public final void remove(String view, String key) {
        if (ViewLayout.isPoint(view)) {
            throw new IllegalStateException("view " + view + " keeps every row it gets; a fold may not remove one");
        }
        pending.put(new RowKey(view, key), REMOVED);
    }

    /** The idempotency index has a table of its own here ({@link ViewLayout}): a hash and a seq per entry. */
    @Override
    public final void indexOperationEvent(String operationId, long seq) {
        pendingOperations.add(OperationIndex.hash(operationId), seq);
    }

    @Override
    public final List<Long> operationEventSeqs(String operationId) {
        indexKeys(); // a side file: what is folded goes in first (no fold asks this; a rebuild's reads come after it)
        long hash = OperationIndex.hash(operationId);
        List<Long> seqs = db.operationSeqs(hash);
        pendingOperations.seqsOf(hash, seqs); // folded in this batch, after every stored one
        return seqs;
    }

    @Override
    public final List<String> keys(String view) {
        indexKeys();
        return db.keys(view);
    }

    @Override
    public final String canonicalDump() {
        indexKeys();
        return CanonicalDump.of(schemaVersion(), checkpoint(), db::dumpInto);
    }

    private static JsonNode parse(String text) {
        try {
            return Json.mapper().readTree(text);
        } catch (IOException e) {
            throw ProjectionDb.failure(e);
        }
    }

    private static JsonNode tree(Object staged) {
        return staged instanceof JsonNode node ? node.deepCopy() : Json.mapper().valueToTree(staged);
    }

    private static <T> T typed(Object staged, Class<T> type) {
        if (type.isInstance(staged)) {
            return type.cast(staged);
        }
        return Documents.decode(tree(staged), type);
    }
}
