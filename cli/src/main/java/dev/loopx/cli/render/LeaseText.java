package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/** {@code task-lease acquire|renew|transfer|release|inspect}: the lease now, then the holder, expiry and receipt. */
final class LeaseText {
    private LeaseText() {}

    static void render(JsonNode d, PrintWriter out) {
        String action = d.path("action").asText();
        String id = d.path("todo_id").asText();
        String what = id + " \"" + d.at("/todo/text").asText() + "\"";
        String state = d.path("lease_state").asText();
        String holder = d.at("/lease/holder").asText();
        String until = d.at("/lease/expires_at").asText();
        String line = switch (state) {
            case "live" -> "leased " + what + " to " + holder + " until " + until;
            case "expired" -> "the lease of " + holder + " on " + what + " expired at " + until + ": the todo is free";
            default ->
                "no lease on " + what
                        + (d.path("claimed_by").asText().isEmpty()
                                ? ""
                                : " (soft claim by " + d.path("claimed_by").asText() + ")");
        };
        boolean dryRun = d.path("dry_run").asBoolean();
        boolean changed = d.path("changed").asBoolean(true);
        if (dryRun) {
            line = "dry run of task-lease " + action + ", nothing written; now: " + line;
        } else if (!action.equals("inspect") && !changed) {
            line = line + " — already so, nothing new was recorded";
        }
        out.println(line);
        Lines lines = new Lines(out);
        lines.add("claimed by", d.path("claimed_by").asText());
        lines.add("acquired", d.at("/lease/acquired_at").asText());
        lines.add(
                "ttl",
                d.at("/lease/ttl_minutes").isMissingNode()
                        ? ""
                        : d.at("/lease/ttl_minutes").asText() + " min");
        lines.add("recorded", d.has("receipt") ? Receipts.line(d.path("receipt")) : "");
        lines.print();
    }
}
