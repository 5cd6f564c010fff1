package dev.loopx.projections.view;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.json.Json;
import java.util.List;
import java.util.Optional;

/**
 * The read models as documents: {@code view} names the question, {@code key} the subject
 * (e.g. view {@code goal}, key the goal id). Folds read and write only through this interface,
 * so the same fold runs over SQLite or over a map.
 *
 * <p>Folds and queries use the typed methods ({@link #read}, {@link #write}, {@link #readRange}
 * through {@link Documents}); their defaults go through the JSON documents. A store may answer
 * them without the JSON tree (e.g. hand back a record written earlier in the same batch — view
 * records are immutable).
 */
public interface Views {
    Optional<JsonNode> get(String view, String key);

    void put(String view, String key, JsonNode document);

    /** Drops the document of {@code view} at {@code key}, if any (e.g. a todo leaving the open-todo index). */
    void remove(String view, String key);

    /** Every document of {@code view} whose key starts with {@code keyPrefix}, in key order. */
    List<JsonNode> list(String view, String keyPrefix);

    /** Every document of {@code view} whose key is at least {@code fromKey} and below {@code toKey}, in key order. */
    List<JsonNode> range(String view, String fromKey, String toKey);

    default <T> Optional<T> read(String view, String key, Class<T> type) {
        return get(view, key).map(node -> Documents.decode(node, type));
    }

    /** Stores an immutable view record (its JSON form is what {@link #get} returns). */
    default void write(String view, String key, Object record) {
        put(view, key, Json.mapper().valueToTree(record));
    }

    default <T> List<T> readList(String view, String keyPrefix, Class<T> type) {
        return list(view, keyPrefix).stream()
                .map(node -> Documents.decode(node, type))
                .toList();
    }

    default <T> List<T> readRange(String view, String fromKey, String toKey, Class<T> type) {
        return range(view, fromKey, toKey).stream()
                .map(node -> Documents.decode(node, type))
                .toList();
    }

    /**
     * The idempotency index ({@link OperationIndex}): the event at {@code seq} carries operation id
     * {@code operationId}. By default a document of view {@link OperationIndex#VIEW}; a store may keep
     * the entries in a table of its own (its canonical dump shows them as those documents).
     */
    default void indexOperationEvent(String operationId, long seq) {
        put(
                OperationIndex.VIEW,
                OperationIndex.key(OperationIndex.hash(operationId), seq),
                Json.object().put("seq", seq));
    }

    /**
     * The seqs, ascending, of every event indexed under {@code operationId} — and of any indexed
     * under another id with the same hash: the caller reads those events and keeps the ones that
     * carry {@code operationId}.
     */
    default List<Long> operationEventSeqs(String operationId) {
        return list(OperationIndex.VIEW, OperationIndex.keyPrefix(OperationIndex.hash(operationId))).stream()
                .map(node -> node.get("seq").asLong())
                .toList();
    }
}
