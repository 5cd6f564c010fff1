package dev.loopx.cli.render;

import static dev.loopx.cli.render.Words.quoted;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/**
 * The text form of {@code quota monitor-poll}: one line saying what the poll saw and when the
 * monitor is due next ({@code polled todo_… "Watch CI": no change, due next 2026-03-01T13:00:00Z
 * (every 60 min)}), then the streak, the receipt and, for a preview, how to record it.
 */
final class MonitorText {
    private MonitorText() {}

    static void poll(JsonNode d, PrintWriter out) {
        boolean preview = d.has("preview") || d.path("dry_run").asBoolean();
        JsonNode poll = d.path("poll");
        JsonNode monitor = d.path("monitor");
        String what = d.path("todo_id").asText() + " "
                + quoted(d.path("todo").path("text").asText());
        boolean change = poll.path("material_change").asBoolean();
        String due = poll.path("next_due_at").asText();
        out.println((preview ? "preview: would record a poll of " : "polled ") + what + ": "
                + (change ? "material change" : "no change")
                + (due.isEmpty()
                        ? ""
                        : ", due next " + due + " (after "
                                + poll.path("interval_minutes").asInt() + " min)")
                + (preview ? " (nothing written)" : ""));
        Lines lines = new Lines(out);
        if (monitor.isObject()) {
            lines.add("unchanged polls", monitor.path("consecutive_no_change").asText());
            lines.add("watch ends", monitor.path("expires_at").asText());
        }
        lines.add(
                "next",
                preview
                        ? "repeat the command without --dry-run to record it"
                        : change ? "turn the change into advancement work: loopx todo add --role agent" : "");
        lines.add("quota", "not spent (a poll is a no-spend receipt)");
        lines.add("recorded", Receipts.line(d.path("receipt")));
        lines.print();
    }
}
