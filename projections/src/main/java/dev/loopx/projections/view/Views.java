package dev.loopx.projections.view;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The read models as documents: {@code view} names the question, {@code key} the subject
 * (e.g. view {@code goal}, key the goal id). Folds read and write only through this interface,
 * so the same fold runs over SQLite or over a map.
 */
public interface Views {
    Optional<JsonNode> get(String view, String key);

    void put(String view, String key, JsonNode document);

    /** Every document of {@code view} whose key starts with {@code keyPrefix}, in key order. */
    java.util.List<JsonNode> list(String view, String keyPrefix);

    /** Every document of {@code view} whose key is at least {@code fromKey} and below {@code toKey}, in key order. */
    java.util.List<JsonNode> range(String view, String fromKey, String toKey);
}
