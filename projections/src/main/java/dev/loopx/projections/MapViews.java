package dev.loopx.projections;

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
    public void put(String view, String key, JsonNode document) {
        documents.put(view + "\u0000" + key, document.deepCopy());
    }
}
