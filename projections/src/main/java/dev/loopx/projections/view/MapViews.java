package dev.loopx.projections.view;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Views in a sorted map: for previews, tests and property checks. Documents go in and out as
 * copies, so none is ever shared. Not thread-safe.
 */
public final class MapViews implements Views {
    private final TreeMap<String, JsonNode> documents;

    public MapViews() {
        this(new TreeMap<>());
    }

    private MapViews(TreeMap<String, JsonNode> documents) {
        this.documents = documents;
    }

    @Override
    public Optional<JsonNode> get(String view, String key) {
        return Optional.ofNullable(documents.get(view + "\u0000" + key)).map(JsonNode::deepCopy);
    }

    @Override
    public List<JsonNode> list(String view, String keyPrefix) {
        String from = view + "\u0000" + keyPrefix;
        return documents.subMap(from, true, from + "\uffff", false).values().stream()
                .<JsonNode>map(JsonNode::deepCopy)
                .toList();
    }

    @Override
    public List<JsonNode> range(String view, String fromKey, String toKey) {
        if (fromKey.compareTo(toKey) >= 0) {
            return List.of();
        }
        return documents.subMap(view + "\u0000" + fromKey, true, view + "\u0000" + toKey, false).values().stream()
                .<JsonNode>map(JsonNode::deepCopy)
                .toList();
    }

    @Override
    public void put(String view, String key, JsonNode document) {
        documents.put(view + "\u0000" + key, document.deepCopy());
    }

    @Override
    public void remove(String view, String key) {
        documents.remove(view + "\u0000" + key);
    }

    /** Every key of {@code view}, in key order. */
    public List<String> keys(String view) {
        String prefix = view + "\u0000";
        return documents.subMap(prefix, true, view + "\u0001", false).keySet().stream()
                .map(k -> k.substring(prefix.length()))
                .toList();
    }

    /** Every document into {@code views} as view → key → document (the views of a canonical dump). */
    public void dumpInto(ObjectNode views) {
        documents.forEach((k, document) -> {
            int end = k.indexOf('\u0000');
            String name = k.substring(0, end);
            ObjectNode view = views.has(name) ? (ObjectNode) views.get(name) : views.putObject(name);
            view.set(k.substring(end + 1), document.deepCopy());
        });
    }

    /** An independent copy, in O(documents): a store folds a batch into it and keeps it only when the whole batch folded. */
    public MapViews copy() {
        return new MapViews(new TreeMap<>(documents));
    }
}
