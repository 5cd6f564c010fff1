package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The text view of {@code evidence-log}: the answer on the first line, then a few labelled lines.
 * (The host-thread bindings' answers are {@link AgentThreadBindingAnswer} and
 * {@link AgentThreadResolutionAnswer}.)
 */
final class AgentText {
    private AgentText() {}

    /** {@code loopx_evidence_log_v0}: how many items, then one line each, newest first. */
    static void evidenceLog(JsonNode d, PrintWriter out) {
        JsonNode budget = d.path("budget");
        String agent = d.path("agent_id").asText();
        long shown = budget.path("item_count").asLong();
        long omitted = budget.path("omitted_count").asLong();
        out.println((agent.isEmpty() ? "the goal" : agent) + " on goal "
                + d.path("goal_id").asText() + ": "
                + (shown == 0 && omitted == 0 ? "no evidence yet" : Words.count(shown, "item") + ", newest first")
                + (omitted > 0
                        ? " (" + omitted + " older left out by the "
                                + budget.path("max_bytes").asLong() + "-byte budget; --max-bytes shows more)"
                        : ""));
        List<String> lines = new ArrayList<>();
        if (d.has("lines")) {
            d.path("lines").forEach(l -> lines.add(l.asText()));
        } else {
            for (JsonNode item : d.path("items")) {
                lines.add(EvidenceLines.of(item, Integer.MAX_VALUE));
            }
        }
        new Lines(out).add("log", lines).print();
    }
}
