package dev.loopx.cli.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Fits a document into a character budget by dropping whole items from the end of named lists,
 * in the order given: strings are never cut. Adds {@code budget{max_chars, used_chars,
 * within_budget}} (used_chars counts the compact JSON of the whole document, budget included) and
 * {@code truncated{<list>: omitted items}}. When even empty lists do not fit, the lists are left
 * empty and {@code within_budget=false}.
 */
final class CharBudget {
    private CharBudget() {}

    /**
     * A fitted document and how many items were dropped from each list.
     *
     * @param omitted list name (the pointer's last part) → items dropped from its end; absent when none
     */
    record Fit(ObjectNode document, Map<String, Integer> omitted) {
        Fit {
            Objects.requireNonNull(document, "document");
            omitted = Map.copyOf(omitted);
        }

        /** The items dropped from the end of the list {@code name}. */
        int omitted(String name) {
            return omitted.getOrDefault(name, 0);
        }
    }

    /** @param trimmable JSON pointers of arrays, the first trimmed first (e.g. {@code /since_last_reward/added_todos}) */
    static Fit fit(ObjectNode doc, int maxChars, List<String> trimmable) {
        Map<String, Integer> omitted = new HashMap<>();
        ObjectNode truncated = Json.object();
        ObjectNode budget = Json.object();
        doc.set("truncated", truncated);
        doc.set("budget", budget);
        stamp(doc, budget, maxChars);
        for (String pointer : trimmable) {
            if (!(doc.at(pointer) instanceof ArrayNode list)) {
                continue;
            }
            String name = pointer.substring(pointer.lastIndexOf('/') + 1);
            while (length(doc) > maxChars && !list.isEmpty()) {
                list.remove(list.size() - 1);
                truncated.put(name, truncated.path(name).asInt(0) + 1);
                omitted.merge(name, 1, Integer::sum);
                stamp(doc, budget, maxChars);
            }
        }
        stamp(doc, budget, maxChars);
        return new Fit(doc, omitted);
    }

    /** Writes used_chars until it describes itself (its own digits count). */
    private static void stamp(ObjectNode doc, ObjectNode budget, int maxChars) {
        budget.put("max_chars", maxChars);
        budget.put("used_chars", 0);
        budget.put("within_budget", true);
        for (int i = 0; i < 4; i++) {
            int used = length(doc);
            budget.put("used_chars", used);
            budget.put("within_budget", used <= maxChars);
            if (length(doc) == used) {
                return;
            }
        }
    }

    private static int length(ObjectNode doc) {
        try {
            return Json.text(doc).length();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a document did not serialise", e);
        }
    }
}
