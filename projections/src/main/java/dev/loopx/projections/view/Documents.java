package dev.loopx.projections.view;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.json.Json;
import java.util.List;
import java.util.Optional;

/** Typed access to view documents: records in, records out. */
public final class Documents {
    private Documents() {}

    public static <T> Optional<T> get(Views views, String view, String key, Class<T> type) {
        return views.get(view, key).map(node -> decode(node, type));
    }

    public static <T> List<T> list(Views views, String view, String keyPrefix, Class<T> type) {
        return views.list(view, keyPrefix).stream().map(node -> decode(node, type)).toList();
    }

    public static <T> List<T> range(Views views, String view, String fromKey, String toKey, Class<T> type) {
        return views.range(view, fromKey, toKey).stream().map(node -> decode(node, type)).toList();
    }

    public static void put(Views views, String view, String key, Object record) {
        views.put(view, key, Json.MAPPER.valueToTree(record));
    }

    private static <T> T decode(JsonNode node, Class<T> type) {
        try {
            return Json.MAPPER.treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored " + type.getSimpleName() + " does not decode; rebuild projections", e);
        }
    }
}
