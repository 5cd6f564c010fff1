package dev.loopx.projections.view;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.json.RecordReader;
import java.util.List;
import java.util.Optional;

/** Typed access to view documents: records in, records out. */
public final class Documents {
    private Documents() {}

    public static <T> Optional<T> get(Views views, String view, String key, Class<T> type) {
        return views.read(view, key, type);
    }

    public static <T> List<T> list(Views views, String view, String keyPrefix, Class<T> type) {
        return views.readList(view, keyPrefix, type);
    }

    public static <T> List<T> range(Views views, String view, String fromKey, String toKey, Class<T> type) {
        return views.readRange(view, fromKey, toKey, type);
    }

    public static void put(Views views, String view, String key, Object record) {
        views.write(view, key, record);
    }

    public static <T> T decode(JsonNode node, Class<T> type) {
        try {
            return Json.mapper().treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw failed(type, e);
        }
    }

    /**
     * Decodes a stored document's text straight into its record (no JSON tree in between): by
     * {@link RecordReader} when it can, else by Jackson — the same record either way.
     */
    public static <T> T decode(String text, Class<T> type) {
        T fast = RecordReader.read(text, type);
        if (fast != null) {
            return fast;
        }
        try {
            return Json.mapper().readValue(text, type);
        } catch (JsonProcessingException e) {
            throw failed(type, e);
        }
    }

    private static IllegalStateException failed(Class<?> type, Exception e) {
        return new IllegalStateException(
                "a stored " + type.getSimpleName() + " does not decode; rebuild projections", e);
    }
}
