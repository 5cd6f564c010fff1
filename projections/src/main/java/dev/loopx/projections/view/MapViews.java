package dev.loopx.projections.view;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.TreeMap;

/** Views in a sorted map: for previews, tests and property checks. Not thread-safe. */
public final class MapViews implements Views {
    private final TreeMap<String, JsonNode> documents = new TreeMap<>();

    @Override
    public Optional<JsonNode> get(String view, String key) {
        return Optional.ofNullable(documents.get(view + "\u0000" + key)).map(JsonNode::deepCopy);
    }

    @Override
    public java.util.List<JsonNode> list(String view, String keyPrefix) {
        String from = view + "\u0000" + keyPrefix;
        return documents.subMap(from, true, from + "\uffff", false).values().stream().<JsonNode>map(JsonNode::deepCopy).toList();
    }

    @Override
    public java.util.List<JsonNode> range(String view, String fromKey, String toKey) {
        if (fromKey.compareTo(toKey) >= 0) {
            return java.util.List.of();
        }
        return documents.subMap(view + "\u0000" + fromKey, true, view + "\u0000" + toKey, false).values().stream()
                .<JsonNode>map(JsonNode::deepCopy).toList();
    }

    @Override
    public void put(String view, String key, JsonNode document) {
        documents.put(view + "\u0000" + key, document.deepCopy());
    }

    @Override
    public void remove(String view, String key) {
        documents.remove(view + "\u0000" + key);
    }
}
